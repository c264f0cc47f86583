import crypto from 'node:crypto';
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
   * The feed that `feedFile` (`<token>.ics`) names: every meeting and the deadlines of open polls. An
   * unknown or revoked token, or a disabled account's, names nothing.
   */
  async feedFile(feedFile: string, origin: string): Promise<string> {
    const token = FEED_FILE.exec(feedFile)?.[1];
    if (!token) throw new NotFound('calendarFeedNotFound');
    const owner = sqliteOf(this.db)
      .prepare(`SELECT "user"."disabledOn" FROM "calendar_feed" JOIN "user" ON "user"."id" = "calendar_feed"."userId" WHERE "calendar_feed"."tokenHash" = ?`)
      .get(sha256(token)) as { disabledOn: string | null } | undefined;
    if (!owner || owner.disabledOn) throw new NotFound('calendarFeedNotFound');
    return calendarFeed(await this.meetings.forCalendars(), this.openPollDeadlines(), this.linksFor(origin));
  }

  feedState(user: User): CalendarFeed {
    const row = sqliteOf(this.db).prepare(`SELECT "createdOn" FROM "calendar_feed" WHERE "userId" = ?`).get(user.id) as { createdOn: string } | undefined;
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
          `INSERT INTO "calendar_feed" ("userId", "tokenHash", "createdOn") VALUES (?, ?, ?)
           ON CONFLICT ("userId") DO UPDATE SET "tokenHash" = excluded."tokenHash", "createdOn" = excluded."createdOn"`,
        )
        .run(user.id, sha256(token), createdOn),
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
