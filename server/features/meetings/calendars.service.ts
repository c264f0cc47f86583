import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { CalendarFeed } from '../../../shared/api/meetings';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRow, findRows, statement, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { NotFound } from '../../http/errors';
import { userTable, type LinkSettings, type User } from '../accounts';
import { pollTable } from '../polls';
import { calendarFeed, meetingsCalendar, type PollDeadline } from './calendar';
import { calendarFeedTable } from './meeting.entity';
import type { MeetingsService } from './meetings.service';

/** A feed token's random bytes: 256 bits, written as 43 base64url characters. */
const TOKEN_BYTES = 32;
/** `<token>.ics`: anything else names no feed (checked before any hashing or lookup). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const feeds = calendarFeedTable;
const users = userTable;
const polls = pollTable;

/**
 * Whether a token's hash names a live feed: its account not disabled, and its sessions not ended since the
 * feed was made.
 */
const LIVE_FEED = `SELECT 1 FROM ${feeds.name} JOIN ${users.name} ON ${users.qualified('id')} = ${feeds.qualified('userId')}
  WHERE ${feeds.qualified('tokenHash')} = ? AND ${users.qualified('disabledOn')} IS NULL
    AND ${users.qualified('sessionVersion')} = ${feeds.qualified('sessionVersion')}`;

const DEADLINE = ['id', 'title', 'closesAt', 'createdOn'] as const;
/** Open polls that close themselves, soonest first. */
const OPEN_POLL_DEADLINES = `SELECT ${polls.columns(DEADLINE)} FROM ${polls.name}
  WHERE ${polls.column('isClosed')} = 0 AND ${polls.column('closesAt')} IS NOT NULL ORDER BY ${polls.column('closesAt')}, ${polls.column('id')}`;

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Meetings as calendar files: one meeting's .ics for members, and each member's private feed, which a
 * calendar app fetches without signing in. The feed's address is its only key, so the club keeps only the
 * SHA-256 of its token (a copied database opens nobody's calendar), shows the address once, and a new one
 * ends the old.
 */
export class CalendarsService {
  constructor(
    private readonly db: DataSource,
    private readonly meetings: MeetingsService,
    private readonly clock: Clock,
    private readonly links: LinkSettings,
    /** PUBLIC_URL when the host set it: feed addresses start with it. */
    private readonly publicUrl: string | null,
  ) {}

  /** One meeting's .ics file, cancelled or not; `origin` as for newFeed. */
  async meetingFile(meetingId: number, origin: string): Promise<string> {
    return meetingsCalendar([await this.meetings.get(meetingId, null)], this.linksFor(origin));
  }

  /**
   * Whose feed `feedFile` (`<token>.ics`) is: a live feed of an account that is not disabled and whose
   * sessions have not ended since the feed was made (a password change or reset, disabling: the account's
   * session version moved on). Anything else names no feed, a 404, so an enabled account's old feed stays
   * ended. Checked on every fetch before the feed, which is kept until the next write, is served.
   */
  checkFeed(feedFile: string): void {
    const token = FEED_FILE.exec(feedFile)?.[1];
    if (!token || !statement(sqliteOf(this.db), LIVE_FEED).get(sha256(token))) throw new NotFound('calendarFeedNotFound');
  }

  /**
   * Every member's feed holds the same: every meeting and the deadlines of open polls, its links starting
   * where the member reached the club (`origin`) unless PUBLIC_URL says where.
   */
  async feedText(origin: string): Promise<string> {
    return calendarFeed(await this.meetings.forCalendars(), this.openPollDeadlines(), this.linksFor(origin));
  }

  /** Where a feed's page links start: the key its text is kept under. */
  linkBaseFor(origin: string): string {
    return this.linksFor(origin).linkBase;
  }

  feedState(user: User): CalendarFeed {
    const row = findRow(sqliteOf(this.db), feeds, { userId: user.id, sessionVersion: user.sessionVersion });
    return { url: null, active: !!row, createdOn: row?.createdOn ?? null };
  }

  /**
   * A new feed address for the member; the one before stops working at once. It starts with PUBLIC_URL, or
   * without one with the address the member reached the club at (`origin`: scheme and host of the request): a calendar app on their phone
   * can reach http://192.168.1.5:8080, never the host's localhost.
   */
  newFeed(user: User, origin: string): CalendarFeed {
    const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const createdOn = this.clock.now().toISOString();
    writeTransaction(this.db, (sql) => {
      // The account's session version as stored now: the feed lasts until it moves on. No account, no feed.
      const [account] = findRows(sql, users, { id: user.id }, { select: ['sessionVersion'] });
      if (!account) return;
      const feed = { userId: user.id, tokenHash: sha256(token), createdOn, sessionVersion: account.sessionVersion };
      upsertRow(sql, feeds, feed, ['userId'], ['tokenHash', 'createdOn', 'sessionVersion']);
    });
    return { url: `${this.publicUrl ?? origin}/api/calendar/${token}.ics`, active: true, createdOn };
  }

  /** Page links in calendars lead where the member reached the club, unless PUBLIC_URL says where. */
  private linksFor(origin: string) {
    return { ...this.links, linkBase: this.publicUrl ?? origin };
  }

  revokeFeed(user: User): CalendarFeed {
    writeTransaction(this.db, (sql) => deleteRows(sql, feeds, { userId: user.id }));
    return { url: null, active: false, createdOn: null };
  }

  /**
   * Open polls that close themselves, soonest first. Read from the poll table directly: the polls feature
   * owns the deadline (its closesAt), the feed only shows it.
   */
  private openPollDeadlines(): PollDeadline[] {
    const raws = statement(sqliteOf(this.db), OPEN_POLL_DEADLINES).all() as Record<string, unknown>[];
    return raws.map((raw) => {
      const poll = polls.fromSql(raw, DEADLINE);
      return { pollId: poll.id, title: poll.title, closesAt: poll.closesAt!, createdOn: poll.createdOn };
    });
  }
}

/**
 * Ends every member's calendar feed at once (the host's "end every session and calendar feed", after a
 * restore brought back feeds ended since): each address answers 404 from now on. Answers how many ended.
 */
export function revokeEveryCalendarFeed(db: DataSource): number {
  return writeTransaction(db, (sql) => statement(sql, `DELETE FROM ${feeds.name}`).run().changes);
}
