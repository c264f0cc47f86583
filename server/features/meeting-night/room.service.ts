import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { type Attendance, type DisplayLink, type RoomView } from '../../../shared/api/meeting-night';
import type { Meeting } from '../../../shared/api/meetings';
import { DELTA_EVENTS } from '../../../shared/events';
import { CHECK_IN_OPENS_BEFORE_MS, hasEnded, meetingEndsAt } from '../../../shared/meeting-times';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn, insertRow, statement, updateRows, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, NotFound } from '../../http/errors';
import type { Hub } from '../../realtime/hub';
import { userTable, type User } from '../accounts';
import { bookTable, type BooksService } from '../books';
import { meetingCheckInTable, meetingTable, type MeetingRow, type MeetingsService } from '../meetings';
import { pollTable, type PollsService } from '../polls';
import { displayLinkTable, meetingNightTable } from './meeting-night.entity';
import type { QuestionsService } from './questions.service';

/** A display token's random bytes: 256 bits, written as 43 base64url characters. */
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const polls = pollTable;

/** The newest open poll. */
const OPEN_POLL = `SELECT ${polls.column('id')} FROM ${polls.name} WHERE ${polls.column('isClosed')} = 0 ORDER BY ${polls.column('id')} DESC LIMIT 1`;
/** The poll that closed last between two moments (the evening). */
const CLOSED_DURING = `SELECT ${polls.column('id')} FROM ${polls.name} WHERE ${polls.column('closedOn')} >= ? AND ${polls.column('closedOn')} <= ?
  ORDER BY ${polls.column('closedOn')} DESC, ${polls.column('id')} DESC LIMIT 1`;

export interface RoomDeps {
  meetings: MeetingsService;
  questions: QuestionsService;
  polls: PollsService;
  books: BooksService;
  clock: Clock;
  hub: Pick<Hub, 'publish' | 'disconnectDisplays'>;
  /** Where members open the club (PUBLIC_URL, else the host's first LAN address); null when unknown. */
  joinUrl(): string | null;
  /** PUBLIC_URL when the host set it: the display link starts with it. */
  publicUrl: string | null;
}

/**
 * The room view of a meeting (for a TV or projector) and the club's display link, which opens it where
 * nobody signs in. The room shows only what every member sees: names, never an email or a token.
 */
export class RoomService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: RoomDeps,
  ) {}

  async room(meetingId: number): Promise<RoomView> {
    return this.roomOf(await this.deps.meetings.get(meetingId, null));
  }

  /** Through the display link: the meeting under way (or whose check-in is open), else the next one. */
  async display(token: string): Promise<RoomView> {
    this.checkDisplay(token);
    const meetingId = this.roomMeetingId();
    if (meetingId === null) return { ...EMPTY_ROOM, joinUrl: this.deps.joinUrl() };
    return this.room(meetingId);
  }

  /** Shows the room the counts of the poll it shows, before it closes; pushed as RoomRevealed. */
  async reveal(meetingId: number): Promise<RoomView> {
    const meeting = findRow(sqliteOf(this.db), meetingTable, { id: meetingId });
    if (!meeting) throw new NotFound('meetingNotFound');
    // The poll the room shows, while it is open: a closed one shows its counts already.
    const pollId = this.roomPollId(meeting);
    if (pollId === null || findRow(sqliteOf(this.db), polls, { id: pollId })?.isClosed !== false) throw new Conflict('noOpenPoll');
    writeTransaction(this.db, (sql) => {
      if (!findRow(sql, meetingNightTable, { id: meetingId }))
        insertRow(sql, meetingNightTable, { id: meetingId, currentQuestionId: null, revealedPollId: pollId, version: 0 });
      else updateRows(sql, meetingNightTable, { id: meetingId }, { revealedPollId: pollId });
    });
    await this.deps.hub.publish({ event: DELTA_EVENTS.roomRevealed, payload: { meetingId, pollId } });
    return this.room(meetingId);
  }

  /** The meetings a member checked in at, latest first (cancelled ones left out). */
  async attendance(userId: string): Promise<Attendance> {
    const sql = sqliteOf(this.db);
    const user = findRow(sql, userTable, { id: userId });
    if (!user || user.isBot) throw new NotFound('userNotFound');
    const checkIns = findRows(sql, meetingCheckInTable, { userId }, { select: ['meetingId'] });
    const meetings = findRowsIn(
      sql,
      meetingTable,
      'id',
      checkIns.map((row) => row.meetingId),
      { orderBy: [['startsAt', 'DESC']] },
    ).filter((row) => !row.isCancelled);
    const titles = await this.bookTitles(meetings);
    return {
      userId,
      meetings: meetings.map((row) => ({
        meetingId: row.id,
        startsAt: row.startsAt,
        bookId: row.bookId,
        bookTitle: row.bookId === null ? null : (titles.get(row.bookId) ?? null),
      })),
    };
  }

  displayLink(): DisplayLink {
    const row = findRow(sqliteOf(this.db), displayLinkTable, { id: 1 });
    return { url: null, active: !!row, createdOn: row?.createdOn ?? null };
  }

  /** A new display link; the one before stops working at once, and screens showing it are disconnected. */
  newDisplayLink(moderator: User, origin: string): DisplayLink {
    const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const createdOn = this.deps.clock.now().toISOString();
    writeTransaction(this.db, (sql) =>
      upsertRow(
        sql,
        displayLinkTable,
        { id: 1, tokenHash: sha256(token), createdOn, createdBy: moderator.id },
        ['id'],
        ['tokenHash', 'createdOn', 'createdBy'],
      ),
    );
    this.deps.hub.disconnectDisplays();
    return { url: `${this.deps.publicUrl ?? origin}/room/${token}`, active: true, createdOn };
  }

  revokeDisplayLink(): DisplayLink {
    revokeDisplayLink(this.db);
    this.deps.hub.disconnectDisplays();
    return { url: null, active: false, createdOn: null };
  }

  /** Whether `token` is the live display link (for the hub's handshake too). */
  isDisplayToken(token: unknown): boolean {
    return typeof token === 'string' && TOKEN.test(token) && !!findRow(sqliteOf(this.db), displayLinkTable, { tokenHash: sha256(token) });
  }

  checkDisplay(token: string): void {
    if (!this.isDisplayToken(token)) throw new NotFound('displayLinkNotFound');
  }

  /** The meeting a display shows: not cancelled, not over, soonest first. */
  private roomMeetingId(): number | null {
    const now = this.deps.clock.now();
    const coming = findRows(
      sqliteOf(this.db),
      meetingTable,
      { isCancelled: false },
      {
        orderBy: [
          ['startsAt', 'ASC'],
          ['id', 'ASC'],
        ],
      },
    );
    return coming.find((meeting) => !hasEnded(meeting, now))?.id ?? null;
  }

  private async roomOf(meeting: Meeting): Promise<RoomView> {
    const sql = sqliteOf(this.db);
    const night = findRow(sql, meetingNightTable, { id: meeting.meetingId });
    const { question, count } = await this.deps.questions.current(meeting.meetingId);
    const pollId = this.roomPollId(meeting);
    const pollRevealed = pollId !== null && night?.revealedPollId === pollId;
    const names = new Map(meeting.responders.map((responder) => [responder.userId, responder.name]));
    return {
      meeting: {
        meetingId: meeting.meetingId,
        startsAt: meeting.startsAt,
        endsAt: meeting.endsAt,
        place: meeting.place,
        bookTitle: meeting.bookTitle,
        isCancelled: meeting.isCancelled,
      },
      book: await this.book(meeting.bookId),
      joinUrl: this.deps.joinUrl(),
      checkedIn: meeting.checkedIn.map((userId) => ({ userId, name: names.get(userId) ?? '' })),
      goingCount: meeting.rsvp.going.length,
      currentQuestion: question,
      questionCount: count,
      poll: pollId === null ? null : await this.deps.polls.forRoom(pollId, pollRevealed),
      pollRevealed,
    };
  }

  /**
   * What the evening last did with a poll: the newest open poll, unless a newer one closed during the evening
   * (from check-in to the end): the room keeps that one's result rather than turn to a poll left open
   * elsewhere in the club since before. A tiebreaker its close opened is newer still, and shown. (Ids, not
   * times, say which is newer: they grow with every poll made.)
   */
  private roomPollId(meeting: Pick<MeetingRow, 'startsAt' | 'endsAt'>): number | null {
    const sql = sqliteOf(this.db);
    const open = statement(sql, OPEN_POLL).pluck().get() as number | undefined;
    const from = new Date(Date.parse(meeting.startsAt) - CHECK_IN_OPENS_BEFORE_MS).toISOString();
    const closed = statement(sql, CLOSED_DURING).pluck().get(from, meetingEndsAt(meeting)) as number | undefined;
    return Math.max(open ?? 0, closed ?? 0) || null;
  }

  private async book(bookId: number | null): Promise<RoomView['book']> {
    if (bookId === null) return null;
    const book = await this.deps.books.get(bookId).catch(() => null);
    if (!book) return null;
    return { bookId, title: book.post.title, author: book.post.author ?? null, imageUrl: book.post.imageUrl ?? null };
  }

  private async bookTitles(meetings: MeetingRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(meetings.map((row) => row.bookId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const books = await this.deps.books.toBooks(findRowsIn(sqliteOf(this.db), bookTable, 'id', ids));
    return new Map(books.map((book) => [book.bookId, book.post.title]));
  }
}

/** Ends the club's display link: it answers 404 from now on (screens still connected are the caller's to close). */
export function revokeDisplayLink(db: DataSource): void {
  writeTransaction(db, (sql) => statement(sql, `DELETE FROM ${displayLinkTable.name}`).run());
}

const EMPTY_ROOM: RoomView = {
  meeting: null,
  book: null,
  joinUrl: null,
  checkedIn: [],
  goingCount: 0,
  currentQuestion: null,
  questionCount: 0,
  poll: null,
  pollRevealed: false,
};
