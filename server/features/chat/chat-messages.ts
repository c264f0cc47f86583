import type { ChatEvent, WebhookFormat } from '../../../shared/api/chat';
import type { Language } from '../../../shared/constants';
import { pages } from '../../../shared/pages';
import { translate } from '../../http/i18n';
import type { ClubEvent } from '../newsletters';

/** A club event as the chat tells it: one line in the club's language, the page it links to, and its facts. */
export interface ChatMessage {
  event: ChatEvent;
  /** The line without its link. */
  line: string;
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
  const t = (key: string, params: Record<string, string | number> = {}) => translate(settings.language, `chat:${key}`, params);
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
      const when = new Intl.DateTimeFormat(settings.language, { dateStyle: 'full', timeStyle: 'short', timeZone: settings.timeZone ?? undefined }).format(
        new Date(meeting.startsAt),
      );
      const where = meeting.place ? t('meetingPlace', { place: meeting.place }) : meeting.onlineUrl ? t('meetingOnline') : '';
      return {
        event: event.kind,
        line: t(event.kind, { when, where }),
        link: base + pages.meeting(event.meetingId),
        data: { meetingId: event.meetingId, ...meeting },
      };
    }
    default:
      return null;
  }
}

/** Discord takes at most 2,000 characters in a message; a line with its link stays well under it. */
const DISCORD_MAX = 2_000;

/** The body a webhook of `format` gets: the JSON of DECISIONS.md, or a Discord or Slack message. */
export function webhookBody(message: ChatMessage, format: WebhookFormat, settings: ChatSettings, occurredOn: string): string {
  const text = `${message.line} ${message.link}`;
  switch (format) {
    case 'discord':
      return JSON.stringify({ content: text.slice(0, DISCORD_MAX) });
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

/** A Matrix m.text message: the line with its link, plain and as HTML. */
export function matrixBody(message: ChatMessage): string {
  return JSON.stringify({
    msgtype: 'm.text',
    body: `${message.line} ${message.link}`,
    format: 'org.matrix.custom.html',
    formatted_body: `${escapeHtml(message.line)} <a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a>`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Slack's own escaping: &, < and > only (https://api.slack.com/reference/surfaces/formatting#escaping). */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
