import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

// What a profile shows of the meeting nights, loaded with its own code when first shown.
const LazyAttendanceCard = lazyComponent(
  () => import('./AttendanceCard'),
  (m) => m.AttendanceCard,
);

/** A member's profile: the meetings they came to. */
export function AttendanceCard({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <LazyAttendanceCard userId={userId} />
    </Suspense>
  );
}
