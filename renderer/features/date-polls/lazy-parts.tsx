import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

// The date polls load with their own code when the meetings page shows them, so its first paint stays small.
const LazyDatePollsSection = lazyComponent(
  () => import('./DatePollsSection'),
  (m) => m.DatePollsSection,
);

/** The meetings page's date polls: open ones first, with their grids. */
export function DatePollsSection() {
  return (
    <Suspense fallback={null}>
      <LazyDatePollsSection />
    </Suspense>
  );
}
