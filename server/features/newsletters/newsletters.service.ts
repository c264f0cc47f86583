import type { DataSource } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import { NEWSLETTERS, type NewsletterName, type NewsletterSubscribers } from '../../../shared/api/newsletters';
import type { Language } from '../../../shared/constants';
import { pages } from '../../../shared/pages';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRows, findRowsIn } from '../../db/table';
import { translate } from '../../http/i18n';
import type { MailMessage, MailOutbox } from '../../mail-outbox';
import { userTable, type AccountsService, type LinkSettings, type User } from '../accounts';
import type { ClubEvent, ClubEventKind, ClubEvents } from './club-events';
import { subscribeAccount } from './subscribe';
import { newsletterSubscriptionTable } from './subscription.entity';

const SUBSCRIPTIONS = newsletterSubscriptionTable;
const USERS = userTable;

/** basicevents hears of the round's milestones; allevents of those and of every contribution (DECISIONS.md). */
const LISTS_OF: Record<ClubEventKind, NewsletterName[]> = {
  roundStarted: ['basicevents', 'allevents'],
  pollOpened: ['basicevents', 'allevents'],
  bookChosen: ['basicevents', 'allevents'],
  discussionOpened: ['basicevents', 'allevents'],
  suggestionAdded: ['allevents'],
  recommendationAdded: ['allevents'],
  reviewAdded: ['allevents'],
  // A meeting is a milestone: those who hear of the round's milestones hear of it, and of its changes.
  meetingScheduled: ['basicevents', 'allevents'],
  meetingChanged: ['basicevents', 'allevents'],
  meetingCancelled: ['basicevents', 'allevents'],
};

export class NewslettersService implements ClubEvents {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly accounts: AccountsService,
    private readonly links: LinkSettings,
    private readonly log: (message: string, error?: unknown) => void = console.error,
  ) {}

  async listsOf(userId: string): Promise<NewsletterName[]> {
    const rows = findRows(sqliteOf(this.db), SUBSCRIPTIONS, { userId });
    return NEWSLETTERS.filter((name) => rows.some((row) => row.newsletter === name));
  }

  async subscribe(userId: string, newsletter: NewsletterName): Promise<NewsletterName[]> {
    await subscribeAccount(this.db, userId, newsletter);
    return this.listsOf(userId);
  }

  async unsubscribe(userId: string, newsletter: NewsletterName): Promise<NewsletterName[]> {
    deleteRows(sqliteOf(this.db), SUBSCRIPTIONS, { userId, newsletter });
    return this.listsOf(userId);
  }

  async allSubscribers(): Promise<NewsletterSubscribers> {
    const sql = sqliteOf(this.db);
    const rows = findRows(sql, SUBSCRIPTIONS, 'all');
    const users = findRowsIn(sql, USERS, 'id', [...new Set(rows.map((row) => row.userId))]).filter((user) => !user.isBot);
    const byId = new Map(users.map((user) => [user.id, user]));
    const profilesOf = (name: NewsletterName): Profile[] =>
      rows
        .filter((row) => row.newsletter === name && byId.has(row.userId))
        .map((row) => this.accounts.profileOf(byId.get(row.userId)!))
        .sort((a, b) => a.name.localeCompare(b.name));
    return { basicevents: profilesOf('basicevents'), allevents: profilesOf('allevents') };
  }

  /** Mails the event to every subscriber of a list that carries it, once each, in their own language. */
  publish(event: ClubEvent): void {
    void this.mailEvent(event).catch((error) => this.log(`newsletter for ${event.kind} could not be queued`, error));
  }

  private async mailEvent(event: ClubEvent): Promise<void> {
    const sql = sqliteOf(this.db);
    const rows = findRowsIn(sql, SUBSCRIPTIONS, 'newsletter', LISTS_OF[event.kind]);
    const userIds = [...new Set(rows.map((row) => row.userId))].filter((id) => !('actorId' in event) || id !== event.actorId);
    if (userIds.length === 0) return;
    // A disabled account keeps its subscriptions for when it is enabled again, but gets no mail meanwhile.
    const recipients = findRowsIn(sql, USERS, 'id', userIds).filter((user) => !user.isBot && user.disabledOn === null);
    this.outbox.enqueue(recipients.map((user) => this.compose(event, user)));
  }

  private compose(event: ClubEvent, user: User): MailMessage {
    const language: Language = user.language ?? this.links.defaultLanguage;
    const base = this.links.publicUrl;
    const profileLink = `${base}${pages.member(user.email)}`;
    const closing = `${translate(language, 'mail:signature', { siteName: this.links.siteName })}\n\n${translate(language, 'mail:event.footer', { siteName: this.links.siteName, profileLink })}\n`;
    if ('letters' in event) {
      // Written by its feature in every language (a meeting's mail: meetings/meeting-mail.ts); signed and footed here.
      const letter = event.letters[language];
      return { to: user.email, subject: `[${this.links.siteName}] ${letter.subject}`, text: `${letter.text}\n\n${closing}`, attachments: letter.attachments };
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
        case 'suggestionAdded':
          return {
            kind: event.kind,
            link: `${base}${pages.post(event.discussionId, event.postId)}`,
            params: { title: event.title, owner: event.owner, discussion: event.discussion },
          };
      }
    })();
    const all = { ...params, link, siteName: this.links.siteName, profileLink };
    return {
      to: user.email,
      subject: `[${this.links.siteName}] ${translate(language, `mail:event.${kind}.subject`, all)}`,
      text: `${translate(language, `mail:event.${kind}.text`, all)}\n\n${closing}`,
    };
  }
}
