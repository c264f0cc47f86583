import type { Meeting } from '../../../shared/api/meetings';
import { hasEnded as meetingHasEnded } from '../../../shared/meeting-times';
import { meetingDay, meetingHours } from '../../lib/format-date';
import { currentLanguage } from '../../lib/i18n';

// The day and hours are written as the room view writes them too (lib/format-date.ts).
export { meetingDay, meetingHours } from '../../lib/format-date';

/** Both, for a sentence: the day and the hours. */
export function meetingWhen(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, language: string = currentLanguage()): string {
  return `${meetingDay(meeting.startsAt, language)}, ${meetingHours(meeting, language)}`;
}

/** Whether the meeting is over (its end, or three hours after its start): answers are closed then. */
export function hasEnded(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, now: Date = new Date()): boolean {
  return meetingHasEnded(meeting, now);
}
