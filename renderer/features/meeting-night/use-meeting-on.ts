import { useEffect, useState } from 'react';
import { isMeetingOn, nextWindowChangeIn, type MeetingTimes } from './meeting-on';

/** setTimeout's longest wait; a window further off is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** Whether the meeting is on (meeting-on.ts), looked at again when it turns on or off while the page is open. */
export function useMeetingOn(meeting: MeetingTimes): boolean {
  const { startsAt, endsAt, isCancelled } = meeting;
  const [, setTick] = useState(0);
  useEffect(() => {
    const wait = nextWindowChangeIn({ startsAt, endsAt, isCancelled });
    if (wait === null) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(wait + 50, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  });
  return isMeetingOn({ startsAt, endsAt, isCancelled });
}
