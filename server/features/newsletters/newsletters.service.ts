import type { DataSource } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import { NEWSLETTERS, type NewsletterName, type NewsletterSubscribers } from '../../../shared/api/newsletters';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRows, findRowsIn } from '../../db/table';
import type { MailOutbox } from '../../mail-outbox';
import { userTable, type AccountsService, type LinkSettings } from '../accounts';
import type { ClubEvent, ClubEventKind, ClubEvents } from './club-events';
import { NewsletterIssues, type IssueOptions } from './newsletter-issues';
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
  // Finding the evening is a milestone too: the main list hears of it.
  datePollOpened: ['basicevents', 'allevents'],
  // Its reminder goes only to those who have not reached the part (reading-plan/part-due.ts), not to a list.
  partDue: [],
  // Its outcome is news of its own (the book, the next discussion, the tiebreaker): the chat hears of the close.
  pollClosed: [],
};

export class NewslettersService implements ClubEvents {
  /** The events whose mail is being queued: each a row until every subscriber's mail is. */
  readonly issues: NewsletterIssues;

  constructor(
    private readonly db: DataSource,
    outbox: MailOutbox,
    private readonly accounts: AccountsService,
    links: LinkSettings,
    private readonly log: (message: string, error?: unknown) => void = console.error,
    /** How writing newsletters into the mail queue is paced (newsletter-issues.ts); for tests. */
    pacing: IssueOptions['pacing'] = {},
  ) {
    this.issues = new NewsletterIssues(db, outbox, links, { listsOf: (event) => LISTS_OF[event.kind], log, pacing });
    // What a stop or a crash left half queued goes on now.
    this.issues.writeSoon();
  }

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

  /**
   * Mails the event to every subscriber of a list that carries it, once each, in their own language: one
   * row now, the mails in the background (newsletter-issues.ts), so a newsletter to the whole club costs the
   * request that caused it next to nothing.
   */
  publish(event: ClubEvent): void {
    if (LISTS_OF[event.kind].length === 0) return;
    try {
      this.issues.add(event);
    } catch (error) {
      this.log(`newsletter for ${event.kind} could not be queued`, error);
    }
  }
}
