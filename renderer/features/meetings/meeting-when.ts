import type { Meeting } from '../../../shared/api/meetings';
import { hasEnded as meetingHasEnded } from '../../../shared/meeting-times';
import { currentLanguage } from '../../lib/i18n';

/** The day of a meeting as the reader's language writes it, in their zone ("Thursday 3 December 2026"). */
export function meetingDay(startsAt: string, language: string = currentLanguage()): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(startsAt));
}

/** Its hours in the reader's zone ("19:00–21:00", "7:00 – 9:00 PM"), with the zone's short name. */
export function meetingHours(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, language: string = currentLanguage()): string {
  const format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const starts = new Date(meeting.startsAt);
  return meeting.endsAt ? format.formatRange(starts, new Date(meeting.endsAt)) : format.format(starts);
}

/** Both, for a sentence: the day and the hours. */
export function meetingWhen(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, language: string = currentLanguage()): string {
  return `${meetingDay(meeting.startsAt, language)}, ${meetingHours(meeting, language)}`;
}

/** Whether the meeting is over (its end, or three hours after its start): answers are closed then. */
export function hasEnded(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, now: Date = new Date()): boolean {
  return meetingHasEnded(meeting, now);
}
