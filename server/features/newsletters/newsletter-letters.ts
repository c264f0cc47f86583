import type { Language } from '../../../shared/constants';
import { pages } from '../../../shared/pages';
import { translate } from '../../http/i18n';
import type { MailAttachment, MailMessage } from '../../mail-outbox';
import type { LinkSettings } from '../accounts';
import type { ClubEvent } from './club-events';

/**
 * An event's newsletter in one language: the same for every subscriber who reads it but for the link to
 * their own profile in its footer, so it is written once per event and language, not once per member.
 */
export interface Letter {
  subject: string;
  /** The text in pieces, to be joined with the member's profile link. */
  textAround: string[];
  attachments?: MailAttachment[];
}

/** Stands in for the member's profile link while the letter is written; nothing a translation holds. */
const PROFILE_LINK = '\u0000profileLink\u0000';

/** The mail of `letter` to one member. */
export function letterTo(letter: Letter, email: string, links: LinkSettings): MailMessage {
  const text = letter.textAround.join(`${links.publicUrl}${pages.member(email)}`);
  return { to: email, subject: letter.subject, text, ...(letter.attachments ? { attachments: letter.attachments } : {}) };
}

/** The event's letter in `language`, signed and with the newsletter's footer. */
export function letterFor(event: ClubEvent, language: Language, links: LinkSettings): Letter {
  const { siteName, publicUrl: base } = links;
  const closing = `${translate(language, 'mail:signature', { siteName })}\n\n${translate(language, 'mail:event.footer', { siteName, profileLink: PROFILE_LINK })}\n`;
  const signed = (subject: string, text: string, attachments?: MailAttachment[]): Letter => ({
    subject: `[${siteName}] ${subject}`,
    textAround: `${text}\n\n${closing}`.split(PROFILE_LINK),
    ...(attachments ? { attachments } : {}),
  });
  if ('letters' in event) {
    // Written by its feature in every language (a meeting's mail: meetings/meeting-mail.ts); signed and footed here.
    const letter = event.letters[language];
    return signed(letter.subject, letter.text, letter.attachments);
  }
  const { kind, link, params } = ((): { kind: string; link: string; params: Record<string, string | number> } => {
    switch (event.kind) {
      case 'roundStarted':
      case 'discussionOpened':
        return { kind: event.kind, link: `${base}${pages.discussion(event.discussionId)}`, params: { title: event.title } };
      case 'pollOpened':
        return { kind: event.isTiebreaker ? 'tiebreakerOpened' : 'pollOpened', link: `${base}${pages.poll(event.pollId)}`, params: { title: event.title } };
      case 'bookChosen':
        return {
          kind: event.kind,
          link: `${base}${pages.book(event.bookId)}`,
          params: { title: event.title, author: event.author ?? '?', order: event.order },
        };
      case 'recommendationAdded':
        return { kind: event.kind, link: `${base}${pages.recommendation(event.recommendationId)}`, params: { title: event.title, owner: event.owner } };
      case 'reviewAdded':
        return {
          kind: event.kind,
          link: `${base}${pages.book(event.bookId)}`,
          params: { title: event.title, owner: event.owner, stars: event.rating === null ? '' : '★'.repeat(event.rating) + '☆'.repeat(5 - event.rating) },
        };
      case 'pollClosed':
        // No list carries it (newsletters.service.ts): what the close opened is the news.
        throw new Error('A closed poll has no newsletter of its own');
      case 'partDue':
        // No list carries it either: its reminder goes to those who have not reached the part (reading-plan/part-due.ts).
        throw new Error('A part due has no newsletter of its own');
      case 'suggestionAdded':
        return {
          kind: event.kind,
          link: `${base}${pages.post(event.discussionId, event.postId)}`,
          params: { title: event.title, owner: event.owner, discussion: event.discussion },
        };
    }
  })();
  // A text may name the member's profile link too, as the footer does.
  const all = { ...params, link, siteName, profileLink: PROFILE_LINK };
  return signed(translate(language, `mail:event.${kind}.subject`, all), translate(language, `mail:event.${kind}.text`, all));
}
