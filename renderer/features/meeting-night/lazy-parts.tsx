import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { NightMeeting } from './questions';

// What the meeting's page shows of the meeting night, each loaded with its own code when first shown: the
// page then lists only this small module among what it needs, and the first page's script stays within its
// budget.
const LazyTonightCard = lazyComponent(
  () => import('./TonightCard'),
  (m) => m.TonightCard,
);
const LazyQuestionsCard = lazyComponent(
  () => import('./QuestionsCard'),
  (m) => m.QuestionsCard,
);
const LazyDisplayLinkCard = lazyComponent(
  () => import('./DisplayLinkCard'),
  (m) => m.DisplayLinkCard,
);

/** The meeting's page while it is on: the question being discussed and the poll (moderators: the room view). */
export function TonightCard(props: { meeting: NightMeeting; isModerator: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyTonightCard {...props} />
    </Suspense>
  );
}

/** The meeting's page: its discussion questions. */
export function QuestionsCard(props: { meeting: NightMeeting; isModerator: boolean; past: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyQuestionsCard {...props} />
    </Suspense>
  );
}

/** The meeting's page, for moderators: the club's display link. */
export function DisplayLinkCard() {
  return (
    <Suspense fallback={null}>
      <LazyDisplayLinkCard />
    </Suspense>
  );
}
