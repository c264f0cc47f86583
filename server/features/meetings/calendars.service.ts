import crypto from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { CalendarFeed } from '../../../shared/api/meetings';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { writeTransaction } from '../../db/write-transaction';
import { NotFound } from '../../http/errors';
import type { LinkSettings, User } from '../accounts';
import { calendarFeed, meetingsCalendar, type PollDeadline } from './calendar';
import type { MeetingsService } from './meetings.service';

/** A feed token's random bytes: 256 bits, written as 43 base64url characters. */
const TOKEN_BYTES = 32;
/** `<token>.ics`: anything else names no feed (checked before any hashing or lookup). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

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
    if (!token || !this.liveFeed().get(sha256(token))) throw new NotFound('calendarFeedNotFound');
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

  private liveFeedStatement: Statement | undefined;
  private liveFeed(): Statement {
    return (this.liveFeedStatement ??= sqliteOf(this.db).prepare(
      `SELECT 1 FROM "calendar_feed" f JOIN "user" u ON u."id" = f."userId"
       WHERE f."tokenHash" = ? AND u."disabledOn" IS NULL AND u."sessionVersion" = f."sessionVersion"`,
    ));
  }

  feedState(user: User): CalendarFeed {
    const row = sqliteOf(this.db)
      .prepare(`SELECT "createdOn" FROM "calendar_feed" WHERE "userId" = ? AND "sessionVersion" = ?`)
      .get(user.id, user.sessionVersion) as { createdOn: string } | undefined;
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
    writeTransaction(this.db, (sql) =>
      sql
        .prepare(
          `INSERT INTO "calendar_feed" ("userId", "tokenHash", "createdOn", "sessionVersion")
           SELECT "id", ?, ?, "sessionVersion" FROM "user" WHERE "id" = ?
           ON CONFLICT ("userId") DO UPDATE SET "tokenHash" = excluded."tokenHash", "createdOn" = excluded."createdOn", "sessionVersion" = excluded."sessionVersion"`,
        )
        .run(sha256(token), createdOn, user.id),
    );
    return { url: `${this.publicUrl ?? origin}/api/calendar/${token}.ics`, active: true, createdOn };
  }

  /** Page links in calendars lead where the member reached the club, unless PUBLIC_URL says where. */
  private linksFor(origin: string) {
    return { ...this.links, linkBase: this.publicUrl ?? origin };
  }

  revokeFeed(user: User): CalendarFeed {
    writeTransaction(this.db, (sql) => sql.prepare(`DELETE FROM "calendar_feed" WHERE "userId" = ?`).run(user.id));
    return { url: null, active: false, createdOn: null };
  }

  /**
   * Open polls that close themselves, soonest first. Read from the poll table directly: the polls feature
   * owns the deadline (its closesAt), the feed only shows it.
   */
  private openPollDeadlines(): PollDeadline[] {
    return sqliteOf(this.db)
      .prepare(
        `SELECT "id" AS "pollId", "title", "closesAt", "createdOn" FROM "poll"
         WHERE "isClosed" = 0 AND "closesAt" IS NOT NULL ORDER BY "closesAt", "id"`,
      )
      .all() as PollDeadline[];
  }
}

/**
 * Ends every member's calendar feed at once (the host's "end every session and calendar feed", after a
 * restore brought back feeds ended since): each address answers 404 from now on. Answers how many ended.
 */
export function revokeEveryCalendarFeed(db: DataSource): number {
  return writeTransaction(db, (sql) => sql.prepare(`DELETE FROM "calendar_feed"`).run().changes);
}
