import type { ChatEvent, WebhookFormat } from '../../../shared/api/chat';
import type { Language } from '../../../shared/constants';
import { PAGE_PATTERNS, pageAddress, pages } from '../../../shared/pages';
import { translate } from '../../http/i18n';
import type { ClubEvent } from '../newsletters';

/** A club event as the chat tells it: one line in the club's language, the page it links to, and its facts. */
export interface ChatMessage {
  event: ChatEvent;
  /** The line without its link, on one line (names and titles may not break it). */
  line: string;
  /** The same with its names and titles escaped for Discord's markdown. */
  discordLine: string;
  link: string;
  /** The event's own facts, for JSON receivers. */
  data: Record<string, string | number | boolean | null>;
}

export interface ChatSettings {
  siteName: string;
  /** Where links start (PUBLIC_URL, else the club's own address). */
  publicUrl: string;
  language: Language;
  /** The club's time zone, for meetings' times (the host's when null). */
  timeZone: string | null;
}

/** The chat's message of a club event, or null for events the chat does not hear of (contributions). */
export function chatMessage(event: ClubEvent, settings: ChatSettings): ChatMessage | null {
  const message = chatLine(event, settings, oneLine);
  if (!message) return null;
  return { ...message, discordLine: chatLine(event, settings, (text) => escapeDiscord(oneLine(text)))!.line };
}

/**
 * The line of an event, the club's members' words in it (titles, names, places) passed through `say`: what a
 * member typed is told, never taken as the chat's markup, mentions or line breaks.
 */
function chatLine(event: ClubEvent, settings: ChatSettings, say: (text: string) => string): Omit<ChatMessage, 'discordLine'> | null {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(
      settings.language,
      `chat:${key}`,
      Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? say(value) : value])),
    );
  const base = settings.publicUrl;
  switch (event.kind) {
    case 'roundStarted':
      return { event: 'roundStarted', line: t('roundStarted', { title: event.title }), link: base + pages.discussion(event.discussionId), data: { ...event } };
    case 'pollOpened':
      // A tiebreaker opens when a poll closes tied: the chat tells that close (pollClosed).
      if (event.isTiebreaker) return null;
      return { event: 'discussionClosed', line: t('discussionClosed', { title: event.title }), link: base + pages.poll(event.pollId), data: { ...event } };
    case 'pollClosed':
      return {
        event: 'pollClosed',
        line: event.tied ? t('pollClosedTied', { title: event.title }) : t('pollClosed', { title: event.title, winner: event.winner ?? '?' }),
        link: base + pages.poll(event.pollId),
        data: { ...event },
      };
    case 'bookChosen':
      return {
        event: 'bookChosen',
        line: event.author
          ? t('bookChosen', { order: event.order, title: event.title, author: event.author })
          : t('bookChosenNoAuthor', { order: event.order, title: event.title }),
        link: base + pages.book(event.bookId),
        data: { ...event },
      };
    case 'reviewAdded': {
      const { actorId: _actorId, ...facts } = event;
      const stars = event.rating === null ? '' : '★'.repeat(event.rating) + '☆'.repeat(5 - event.rating);
      return {
        event: 'reviewAdded',
        line: stars ? t('reviewAddedRated', { owner: event.owner, title: event.title, stars }) : t('reviewAdded', { owner: event.owner, title: event.title }),
        link: base + pages.book(event.bookId),
        data: facts,
      };
    }
    case 'meetingScheduled':
    case 'meetingChanged':
    case 'meetingCancelled': {
      const { meeting } = event;
      const when = meetingWhen(meeting.startsAt, settings);
      const where = meeting.place ? t('meetingPlace', { place: meeting.place }) : meeting.onlineUrl ? t('meetingOnline') : '';
      return {
        event: event.kind,
        // `when` and `where` are the chat's own words, their place already said.
        line: translate(settings.language, `chat:${event.kind}`, { when, where }),
        link: base + pages.meeting(event.meetingId),
        data: { kind: event.kind, meetingId: event.meetingId, ...meeting },
      };
    }
    case 'datePollOpened': {
      const { actorId: _actorId, letters: _letters, ...facts } = event;
      return {
        event: 'datePollOpened',
        line: t('datePollOpened', { title: event.title, count: event.optionCount }),
        link: `${base}${pageAddress(PAGE_PATTERNS.meetings, {}, { datePoll: event.datePollId })}`,
        data: facts,
      };
    }
    case 'partDue':
      // Its title and due day only: a part's comments never reach the chat (DECISIONS.md "Reading together").
      return {
        event: 'partDue',
        line: t('partDue', { title: event.title, day: dueDay(event.dueOn, settings) }),
        link: base + pages.book(event.bookId),
        data: { ...event },
      };
    default:
      return null;
  }
}

/** Discord takes at most 2,000 characters in a message; a line with its link stays well under it. */
const DISCORD_MAX = 2_000;

/** The body a webhook of `format` gets: the JSON of DECISIONS.md, or a Discord or Slack message. */
export function webhookBody(message: ChatMessage, format: WebhookFormat, settings: ChatSettings, occurredOn: string): string {
  switch (format) {
    case 'discord':
      // Nothing in a delivery pings anyone, whatever a member named themselves (`@everyone`).
      return JSON.stringify({ content: `${message.discordLine} ${message.link}`.slice(0, DISCORD_MAX), allowed_mentions: { parse: [] } });
    case 'slack':
      return JSON.stringify({ text: `${escapeSlack(message.line)} <${message.link}>` });
    case 'json':
      return JSON.stringify({
        event: message.event,
        occurredOn,
        club: { name: settings.siteName, url: settings.publicUrl },
        data: { ...message.data, text: message.line },
        links: { page: message.link },
      });
  }
}

/**
 * A Matrix message: the line with its link, plain and as HTML. An m.notice (a bot's message, which clients do not
 * treat as a person's) with no mentions: `m.mentions: {}` says it mentions nobody, so a place or a title with
 * `@room` or a member's name highlights no one (Matrix's intentional mentions, MSC3952).
 */
export function matrixBody(message: ChatMessage): string {
  return JSON.stringify({
    msgtype: 'm.notice',
    body: `${message.line} ${message.link}`,
    format: 'org.matrix.custom.html',
    formatted_body: `${escapeHtml(message.line)} <a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a>`,
    'm.mentions': {},
  });
}

/** Line breaks and other control characters in a member's words become spaces: one event, one line. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ');
}

/**
 * Discord's markdown escaped: a backslash before any punctuation shows it as it is, so `[x](https://…)` is no
 * masked link, `<@&123>` and `@everyone` no mention (allowed_mentions stops the ping too), `https\://` no link.
 */
export function escapeDiscord(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<@:!]/g, '\\$&');
}

/** Slovak says "on Sunday" with the weekday in its accusative after "v" (vo before š): v nedeľu, vo štvrtok. */
const SK_ON_WEEKDAY: Record<string, string> = {
  pondelok: 'v pondelok',
  utorok: 'v utorok',
  streda: 'v stredu',
  štvrtok: 'vo štvrtok',
  piatok: 'v piatok',
  sobota: 'v sobotu',
  nedeľa: 'v nedeľu',
};

/** A meeting's day and time in the club's language and time zone, as "on <day>" reads in its sentences. */
function meetingWhen(startsAt: string, settings: ChatSettings): string {
  const format = new Intl.DateTimeFormat(settings.language, { dateStyle: 'full', timeStyle: 'short', timeZone: settings.timeZone ?? undefined });
  const date = new Date(startsAt);
  // format() rather than the parts joined: V8 keeps a plain space before "PM" there, as browsers show it.
  const when = format.format(date);
  if (settings.language !== 'sk') return when;
  const weekday = format.formatToParts(date).find((part) => part.type === 'weekday')?.value ?? '';
  return SK_ON_WEEKDAY[weekday] ? when.replace(weekday, SK_ON_WEEKDAY[weekday]) : when;
}

/** A part's due day, "December 11" / "11. decembra" (genitive, as "do 11. decembra" wants), in the club's time zone. */
function dueDay(dueOn: string, settings: ChatSettings): string {
  return new Intl.DateTimeFormat(settings.language, { day: 'numeric', month: 'long', timeZone: settings.timeZone ?? undefined }).format(new Date(dueOn));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Slack's own escaping: &, < and > only (https://api.slack.com/reference/surfaces/formatting#escaping). */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
