import { currentLanguage } from './i18n';

/** A date as the member's language writes it ("22 Nov 2026" / "22. 11. 2026"); the input is ISO 8601. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(date);
}

/** The day of a meeting as the reader's language writes it, in their zone ("Thursday 3 December 2026"). */
export function meetingDay(startsAt: string, language: string = currentLanguage()): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(startsAt));
}

/** A meeting's hours in the reader's zone ("19:00–21:00", "7:00 – 9:00 PM"), with the zone's short name. */
export function meetingHours(meeting: { startsAt: string; endsAt: string | null }, language: string = currentLanguage()): string {
  const format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const starts = new Date(meeting.startsAt);
  return meeting.endsAt ? format.formatRange(starts, new Date(meeting.endsAt)) : format.format(starts);
}
