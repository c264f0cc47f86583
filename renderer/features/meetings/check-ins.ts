import type { Meeting } from '../../../shared/api/meetings';
import type { DeltaEventPayloads } from '../../../shared/events';

// Apart from viewer-answer.ts, which home's first page holds: only the live updates' chunk needs this.

/**
 * The meeting with a member checked in (last, first come first) or their check-in taken back; their name
 * joins those who answered, as the server lists everyone who answered or checked in.
 */
export function withCheckIn(meeting: Meeting, { userId, name, checkedIn }: DeltaEventPayloads['MeetingCheckedIn']): Meeting {
  const others = meeting.checkedIn.filter((id) => id !== userId);
  const known = meeting.responders.some((responder) => responder.userId === userId);
  return {
    ...meeting,
    checkedIn: checkedIn ? [...others, userId] : others,
    responders: known ? meeting.responders : [...meeting.responders, { userId, name }],
  };
}
