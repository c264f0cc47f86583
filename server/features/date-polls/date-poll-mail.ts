import { LANGUAGES, type Language } from '../../../shared/constants';
import { PAGE_PATTERNS, pageAddress } from '../../../shared/pages';
import { translate } from '../../http/i18n';
import type { MailMessage } from '../../mail-outbox';
import type { LinkSettings } from '../accounts';
import type { EventLetter } from '../newsletters';
import type { DatePollOptionRow, DatePollRow } from './date-poll.entity';
import type { Recipient } from './date-poll-rows';

/**
 * The words of every mail about a date poll, in each language, its dates written in the club's time zone
 * and named so: the opening (through the newsletters, which add their signature and footer), a moderator's
 * reminder to those who have not answered, and the moderators' word that the deadline has come.
 */

export interface DatePollMailSettings {
  links: LinkSettings;
  /** The club's time zone (TIME_ZONE). */
  timeZone: string;
}

type Poll = Pick<DatePollRow, 'id' | 'title' | 'closesAt' | 'place' | 'onlineUrl'>;
type Dates = readonly Pick<DatePollOptionRow, 'startsAt' | 'endsAt'>[];

/**
 * Where a date poll is answered: the meetings page, which shows that poll in view (`?datePoll=`), since the
 * evening it finds becomes one of the meetings listed there. The chat's message links the same.
 */
export function datePollPageUrl(publicUrl: string, datePollId: number): string {
  return `${publicUrl}${pageAddress(PAGE_PATTERNS.meetings, {}, { datePoll: datePollId })}`;
}

/** The newsletter's mail when a poll opens: its dates, its deadline, where, and the link to answer. */
export function openedLetters(poll: Poll, dates: Dates, settings: DatePollMailSettings): Record<Language, EventLetter> {
  const letters = {} as Record<Language, EventLetter>;
  for (const language of LANGUAGES) {
    const t = (key: string, params: Record<string, string> = {}) => translate(language, `mail:datePoll.${key}`, params);
    const where = [poll.place ? t('place', { place: poll.place }) : null, poll.onlineUrl ? t('online', { url: poll.onlineUrl }) : null].filter(Boolean);
    const text = [
      t('opened', { title: poll.title, timeZone: settings.timeZone }),
      dates.map((date) => `- ${whenOf(date, language, settings.timeZone)}`).join('\n'),
      where.length ? where.join('\n') : null,
      poll.closesAt ? t('deadline', { closesAt: momentOf(poll.closesAt, language, settings.timeZone) }) : null,
      t('link', { link: datePollPageUrl(settings.links.publicUrl, poll.id) }),
    ].filter((part): part is string => !!part);
    letters[language] = { subject: t('openedSubject', { title: poll.title }), text: text.join('\n\n'), attachments: [] };
  }
  return letters;
}

/** A moderator's reminder to a member who has not answered. */
export function reminderMail(to: Recipient, poll: Poll, settings: DatePollMailSettings): MailMessage {
  const language = to.language ?? settings.links.defaultLanguage;
  const t = (key: string, params: Record<string, string> = {}) => translate(language, `mail:datePoll.${key}`, params);
  const text = [
    t('reminder', { title: poll.title }),
    poll.closesAt ? t('deadline', { closesAt: momentOf(poll.closesAt, language, settings.timeZone) }) : null,
    t('link', { link: datePollPageUrl(settings.links.publicUrl, poll.id) }),
  ].filter((part): part is string => !!part);
  return signed(to, language, t('reminderSubject', { title: poll.title }), text.join('\n\n'), settings);
}

/** The moderators' word that a poll's deadline has come: answers are closed, the pick is theirs. */
export function deadlineMail(to: Recipient, poll: Poll, settings: DatePollMailSettings): MailMessage {
  const language = to.language ?? settings.links.defaultLanguage;
  const t = (key: string, params: Record<string, string> = {}) => translate(language, `mail:datePoll.${key}`, params);
  const text = t('deadlineCame', { title: poll.title, link: datePollPageUrl(settings.links.publicUrl, poll.id) });
  return signed(to, language, t('deadlineCameSubject', { title: poll.title }), text, settings);
}

function signed(to: Recipient, language: Language, subject: string, text: string, { links }: DatePollMailSettings): MailMessage {
  return {
    to: to.email,
    subject: `[${links.siteName}] ${subject}`,
    text: `${text}\n\n${translate(language, 'mail:signature', { siteName: links.siteName })}\n`,
  };
}

/** A moment with its day: "Tuesday, October 20, 2026, 19:00". */
function momentOf(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

/** A date's start, and its end (the time alone when on the same day). */
function whenOf(date: Dates[number], language: Language, timeZone: string): string {
  const start = momentOf(date.startsAt, language, timeZone);
  if (!date.endsAt) return start;
  const day = (instant: string) => new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'short' }).format(new Date(instant));
  const sameDay = day(date.startsAt) === day(date.endsAt);
  const end = sameDay
    ? new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(date.endsAt))
    : momentOf(date.endsAt, language, timeZone);
  return sameDay ? `${start}–${end}` : `${start} – ${end}`;
}
