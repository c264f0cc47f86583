import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

// The parts other pages show that bring the meeting's card with them (its answers, the calendar download):
// loaded with their own code when first shown, so that home, which shows only the next meeting, stays small.
const LazyBookMeetings = lazyComponent(
  () => import('./BookMeetings'),
  (m) => m.BookMeetings,
);
const LazyCalendarFeedCard = lazyComponent(
  () => import('./CalendarFeedCard'),
  (m) => m.CalendarFeedCard,
);

/** A book's page: the meetings about it. */
export function BookMeetings({ bookId }: { bookId: number }) {
  return (
    <Suspense fallback={null}>
      <LazyBookMeetings bookId={bookId} />
    </Suspense>
  );
}

/** The member's own profile: their calendar feed. */
export function CalendarFeedCard() {
  return (
    <Suspense fallback={null}>
      <LazyCalendarFeedCard />
    </Suspense>
  );
}
