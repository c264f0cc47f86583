import type { Meeting, RsvpAnswer } from '../../../shared/api/meetings';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { translate } from '../../http/i18n';
import type { MailAttachment } from '../../mail-outbox';
import type { LinkSettings } from '../accounts';
import { meetingMailCalendar, meetingPageUrl } from './calendar';

/**
 * The words of every mail about a meeting (scheduled, changed, cancelled, the day-before reminder), in each
 * language: the same details in each, with the meeting's .ics attached. The newsletter adds its own
 * signature and footer; the reminder its signature.
 */

export interface MeetingMailSettings {
  links: LinkSettings;
  /** The club's time zone (TIME_ZONE): mails write the meeting's time in it, and name it. */
  timeZone: string;
}

/** A mail's own part: what the newsletter or the reminder sends, before its signature. */
export interface MeetingLetter {
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export type MeetingLetters = Record<Language, MeetingLetter>;

/** The fields a change mail reports, as they were before it. */
export type MeetingBefore = Pick<Meeting, 'startsAt' | 'endsAt' | 'place' | 'onlineUrl' | 'bookId' | 'notes'>;

/** What the meeting's mails are about: the catalogue group of each (`mail:<group>.subject`, `.text`). */
type Occasion = 'event.meetingScheduled' | 'event.meetingChanged' | 'event.meetingCancelled' | 'meetingReminder';

/** The newsletter's mail when a meeting is scheduled. */
export function scheduledLetters(meeting: Meeting, settings: MeetingMailSettings): MeetingLetters {
  return lettersFor('event.meetingScheduled', meeting, settings, () => []);
}

/** The newsletter's mail when a meeting changed: what changed first (the new time, the old one), then the whole. */
export function changedLetters(meeting: Meeting, before: MeetingBefore, settings: MeetingMailSettings): MeetingLetters {
  return lettersFor('event.meetingChanged', meeting, settings, (language) => changeLines(meeting, before, language, settings.timeZone));
}

/** The newsletter's mail when a meeting is cancelled; its .ics says STATUS:CANCELLED. */
export function cancelledLetters(meeting: Meeting, settings: MeetingMailSettings): MeetingLetters {
  return lettersFor('event.meetingCancelled', meeting, settings, () => []);
}

/** The day-before reminder to a member who answered going or maybe; it says which. */
export function reminderLetter(meeting: Meeting, answer: Exclude<RsvpAnswer, 'notGoing'>, language: Language, settings: MeetingMailSettings): MeetingLetter {
  return letter('meetingReminder', meeting, language, settings, [translate(language, `mail:meetingReminder.${answer}`)], calendarFile(meeting, settings));
}

function lettersFor(occasion: Occasion, meeting: Meeting, settings: MeetingMailSettings, changes: (language: Language) => string[]): MeetingLetters {
  // The .ics is the same in every language (a calendar's few words are in the club's): written once.
  const attachment = calendarFile(meeting, settings);
  const letters = {} as MeetingLetters;
  for (const language of LANGUAGES) {
    letters[language] = letter(occasion, meeting, language, settings, [translate(language, `mail:${occasion}.text`), ...changes(language)], attachment);
  }
  return letters;
}

function letter(
  occasion: Occasion,
  meeting: Meeting,
  language: Language,
  settings: MeetingMailSettings,
  opening: string[],
  attachment: MailAttachment,
): MeetingLetter {
  const date = dateOf(meeting.startsAt, language, settings.timeZone);
  return {
    subject: translate(language, `mail:${occasion}.subject`, { date }),
    text: [opening.join('\n'), details(meeting, language, settings)].join('\n\n'),
    attachments: [attachment],
  };
}

/** The meeting's .ics as a mail attaches it (the Content-Type repeats the calendar's METHOD, as RFC 6047 asks). */
function calendarFile(meeting: Meeting, settings: MeetingMailSettings): MailAttachment {
  return {
    filename: `meeting-${meeting.meetingId}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: meetingMailCalendar(meeting, settings.links),
  };
}

/** When, the book, where, the notes and the page: each line only when the meeting has it. */
function details(meeting: Meeting, language: Language, settings: MeetingMailSettings): string {
  const line = (key: string, params: Record<string, string>) => translate(language, `mail:meeting.${key}`, params);
  const facts = [
    line('when', { when: whenOf(meeting, language, settings.timeZone) }),
    meeting.bookTitle ? line('book', { title: meeting.bookTitle }) : null,
    meeting.place ? line('place', { place: meeting.place }) : null,
    meeting.onlineUrl ? line('online', { url: meeting.onlineUrl }) : null,
  ].filter((fact): fact is string => fact !== null);
  // The notes are Markdown, which reads as plain text; the mail has no HTML part.
  const notes = meeting.notes ? `${line('notes', {})}\n${meeting.notes}` : null;
  const page = line('page', { link: meetingPageUrl(settings.links.publicUrl, meeting.meetingId) });
  return [facts.join('\n'), notes, page].filter(Boolean).join('\n\n');
}

/** One line for each field that changed, saying what it is now (a new time also says what it was). */
function changeLines(meeting: Meeting, before: MeetingBefore, language: Language, timeZone: string): string[] {
  const line = (key: string, params: Record<string, string> = {}) => translate(language, `mail:meetingChange.${key}`, params);
  const lines: string[] = [];
  if (meeting.startsAt !== before.startsAt || meeting.endsAt !== before.endsAt) {
    lines.push(line('time', { when: whenOf(meeting, language, timeZone), was: whenOf(before, language, timeZone, { zone: false }) }));
  }
  if (meeting.place !== before.place) lines.push(meeting.place ? line('place', { place: meeting.place }) : line('placeRemoved'));
  if (meeting.onlineUrl !== before.onlineUrl) lines.push(meeting.onlineUrl ? line('online', { url: meeting.onlineUrl }) : line('onlineRemoved'));
  if (meeting.bookId !== before.bookId) lines.push(meeting.bookTitle ? line('book', { title: meeting.bookTitle }) : line('bookRemoved'));
  if (meeting.notes !== before.notes) lines.push(meeting.notes ? line('notes') : line('notesRemoved'));
  return lines;
}

/** The day, in the reader's language and the club's zone: "utorok 3. novembra 2026". */
function dateOf(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** The time of day on a 24-hour clock, as the club's members read a meeting's time: "19:00". */
function timeOf(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/**
 * When the meeting is, in the club's time zone and named so (a member travelling, or reading on a device
 * set to another zone, still reads it right): "utorok 3. novembra 2026, 19:00–21:00 (Europe/Bratislava)".
 * An end on another day is written in full.
 */
function whenOf(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, language: Language, timeZone: string, { zone = true } = {}): string {
  const startDate = dateOf(meeting.startsAt, language, timeZone);
  let when = `${startDate}, ${timeOf(meeting.startsAt, language, timeZone)}`;
  if (meeting.endsAt) {
    const endDate = dateOf(meeting.endsAt, language, timeZone);
    const endTime = timeOf(meeting.endsAt, language, timeZone);
    when += endDate === startDate ? `–${endTime}` : ` – ${endDate}, ${endTime}`;
  }
  return zone ? `${when} (${timeZone})` : when;
}
