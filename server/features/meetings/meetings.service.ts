import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import {
  meetingProblems,
  RSVP_ANSWERS,
  type Meeting,
  type MeetingChanges,
  type MeetingList,
  type MeetingPlan,
  type NewMeeting,
  type RsvpAnswer,
} from '../../../shared/api/meetings';
import { DELTA_EVENTS, HUB_EVENTS } from '../../../shared/events';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn, insertRow, insertRows, updateRows, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import type { Hub, WholeChange } from '../../realtime/hub';
import { nextVersion } from '../../realtime/versions';
import { userNames, type User } from '../accounts';
import { bookTable, type BooksService } from '../books';
import type { ClubEvents, MeetingSummary } from '../newsletters';
import type { ClubSchedule } from '../schedule';
import { cancelledLetters, changedLetters, scheduledLetters, type MeetingMailSettings } from './meeting-mail';
import { hasEnded } from '../../../shared/meeting-times';
import { meetingCheckInTable, meetingRsvpTable, meetingTable, type MeetingRow } from './meeting.entity';

const meetings = meetingTable;
const rsvps = meetingRsvpTable;

export interface MeetingsDeps {
  books: BooksService;
  markdown: Markdown;
  hub: Pick<Hub, 'publish'>;
  /** What counts as the future (a new start) and the past (no more answers). */
  clock: Clock;
  /** The newsletters: a meeting scheduled, changed or cancelled is mailed to their subscribers. */
  events: ClubEvents;
  /** Told after a write that may bring the day-before reminder forward (meeting-reminders.ts). */
  schedule: Pick<ClubSchedule, 'reschedule'>;
  mail: MeetingMailSettings;
}

type Sql = BetterSqlite3.Database;

/** The fields of a meeting a moderator sets, as stored. */
export type MeetingFields = Pick<MeetingRow, 'startsAt' | 'endsAt' | 'place' | 'onlineUrl' | 'bookId' | 'notes'>;
const FIELDS = ['startsAt', 'endsAt', 'place', 'onlineUrl', 'bookId', 'notes'] as const satisfies readonly (keyof MeetingFields)[];

/**
 * Meetings and members' answers. Every write is checked and made in one transaction (a meeting cancelled
 * meanwhile is never changed or answered), then pushed to every client (MeetingUpdated or MeetingAnswered,
 * or the whole MeetingChanged: shared/events.ts). `sequence` is the revision calendars see: one more with
 * each change they must take over (a change, the cancelling), never with an answer. Each such revision is mailed too, through the newsletters, with the .ics attached,
 * to everyone but the moderator who made it; an answer is not.
 */
export class MeetingsService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: MeetingsDeps,
  ) {}

  /** Meetings still to come or under way, soonest first; those that have ended, latest first. */
  async list(viewer: User): Promise<MeetingList> {
    const now = this.deps.clock.now();
    const all = await this.toMeetings(this.inOrder(), viewer);
    return { upcoming: all.filter((meeting) => !hasEnded(meeting, now)), past: all.filter((meeting) => hasEnded(meeting, now)).reverse() };
  }

  async get(meetingId: number, viewer: User | null): Promise<Meeting> {
    const row = findRow(sqliteOf(this.db), meetings, { id: meetingId });
    if (!row) throw new NotFound('meetingNotFound');
    return (await this.toMeetings([row], viewer))[0]!;
  }

  /** Every meeting, cancelled ones too, as calendars list them (nobody's answer singled out). */
  async forCalendars(): Promise<Meeting[]> {
    return this.toMeetings(this.inOrder(), null);
  }

  /** Every meeting, soonest start first (in the order they were scheduled when two start together). */
  private inOrder(): MeetingRow[] {
    return findRows(sqliteOf(this.db), meetings, 'all', {
      orderBy: [
        ['startsAt', 'ASC'],
        ['id', 'ASC'],
      ],
    });
  }

  async schedule(owner: User, input: NewMeeting): Promise<Meeting> {
    const fields = await this.checkNew(input);
    const now = this.deps.clock.now().toISOString();
    const meetingId = writeTransaction(this.db, (sql) => this.insertScheduled(sql, fields, owner, now, []));
    return this.announceScheduled(meetingId, owner);
  }

  /** A new meeting's fields, checked as `schedule` checks them (the rules, the book), before anything is written. */
  async checkNew(input: NewMeeting): Promise<MeetingFields> {
    const fields: MeetingFields = {
      startsAt: input.startsAt,
      endsAt: input.endsAt ?? null,
      place: input.place ?? null,
      onlineUrl: input.onlineUrl ?? null,
      bookId: input.bookId ?? null,
      notes: input.notes ?? null,
    };
    this.refuseProblems(fields, { startChanged: true });
    if (fields.bookId !== null) await this.deps.books.get(fields.bookId);
    return fields;
  }

  /**
   * Writes a checked meeting inside the caller's write transaction, with members' first answers (a date
   * poll's pick: date-polls/), so the meeting and what made it commit together. Then `announceScheduled`.
   */
  insertScheduled(sql: Sql, fields: MeetingFields, owner: User, now: string, answers: readonly { userId: string; answer: RsvpAnswer }[]): number {
    const meetingId = insertRow(sql, meetings, { ...fields, isCancelled: false, sequence: 0, ownerId: owner.id, createdOn: now, modifiedOn: now });
    if (answers.length > 0)
      insertRows(
        sql,
        rsvps,
        answers.map(({ userId, answer }) => ({ meetingId, userId, answer, modifiedOn: now })),
      );
    return meetingId;
  }

  /** After a new meeting's write commits: its reminder, the live event, the mail and the chat. Answers the meeting. */
  async announceScheduled(meetingId: number, owner: User): Promise<Meeting> {
    // Its day-before reminder may be the club's next scheduled work.
    this.deps.schedule.reschedule();
    const meeting = await this.answerAndPublish(meetingId, owner);
    this.deps.events.publish({
      kind: 'meetingScheduled',
      meetingId,
      letters: scheduledLetters(meeting, this.deps.mail),
      actorId: owner.id,
      meeting: summaryOf(meeting),
    });
    return meeting;
  }

  /**
   * Applies the given fields over the meeting's own and checks the whole; a change that keeps the start is
   * not refused because the meeting has begun meanwhile. A change that changes nothing is no revision.
   */
  async change(meetingId: number, changes: MeetingChanges, viewer: User): Promise<Meeting> {
    const before = findRow(sqliteOf(this.db), meetings, { id: meetingId });
    if (!before) throw new NotFound('meetingNotFound');
    if (before.isCancelled) throw new Conflict('meetingCancelled');
    const merged = this.merged(before, changes);
    this.refuseProblems(merged, { startChanged: merged.startsAt !== before.startsAt });
    if (changes.bookId != null) await this.deps.books.get(changes.bookId);
    const now = this.deps.clock.now().toISOString();
    const previous = writeTransaction(this.db, (sql): MeetingFields | null => {
      const current = findRow(sql, meetings, { id: meetingId });
      if (!current) throw new NotFound('meetingNotFound');
      if (current.isCancelled) throw new Conflict('meetingCancelled');
      // Another moderator's change may have landed since the checks above: apply ours over theirs, check again.
      const next = this.merged(current, changes);
      const startMoved = next.startsAt !== current.startsAt;
      this.refuseProblems(next, { startChanged: startMoved });
      if (FIELDS.every((field) => next[field] === current[field])) return null;
      // A start that moves gets its own day-before reminder, even if the old start's has gone: those coming
      // are reminded of the new day. reminderSentOn is cleared here, in the write that moves it. The sequence
      // read above still holds: nothing writes between this transaction's statements.
      updateRows(
        sql,
        meetings,
        { id: meetingId },
        { ...next, sequence: current.sequence + 1, modifiedOn: now, ...(startMoved ? { reminderSentOn: null } : {}) },
      );
      nextVersion(sql, meetings, meetingId);
      return pickFields(current);
    });
    if (!previous) return this.answerAndPublish(meetingId, viewer);
    // A new start may bring its reminder forward.
    this.deps.schedule.reschedule();
    const meeting = await this.answerAndPublish(meetingId, viewer);
    this.deps.events.publish({
      kind: 'meetingChanged',
      meetingId,
      letters: changedLetters(meeting, previous, this.deps.mail),
      actorId: viewer.id,
      meeting: summaryOf(meeting),
    });
    return meeting;
  }

  /** A cancelled meeting stays listed, marked so; calendars get it as cancelled (one more revision). */
  async cancel(meetingId: number, viewer: User): Promise<Meeting> {
    const now = this.deps.clock.now().toISOString();
    writeTransaction(this.db, (sql) => {
      const current = findRow(sql, meetings, { id: meetingId });
      if (!current) throw new NotFound('meetingNotFound');
      if (current.isCancelled) throw new Conflict('meetingCancelled');
      updateRows(sql, meetings, { id: meetingId }, { isCancelled: true, sequence: current.sequence + 1, modifiedOn: now });
      nextVersion(sql, meetings, meetingId);
    });
    // Its reminder is no longer due (meeting-reminders.ts); the schedule finds that out when it next wakes.
    const meeting = await this.answerAndPublish(meetingId, viewer);
    this.deps.events.publish({
      kind: 'meetingCancelled',
      meetingId,
      letters: cancelledLetters(meeting, this.deps.mail),
      actorId: viewer.id,
      meeting: summaryOf(meeting),
    });
    return meeting;
  }

  /** A member's answer; a second replaces the first. A cancelled meeting, or one that has ended, takes none. */
  async rsvp(meetingId: number, user: User, answer: RsvpAnswer): Promise<Meeting> {
    const now = this.deps.clock.now();
    const version = writeTransaction(this.db, (sql) => {
      const current = findRow(sql, meetings, { id: meetingId });
      if (!current) throw new NotFound('meetingNotFound');
      if (current.isCancelled) throw new Conflict('meetingCancelled');
      if (hasEnded(current, now)) throw new Conflict('meetingPast');
      upsertRow(sql, rsvps, { meetingId, userId: user.id, answer, modifiedOn: now.toISOString() }, ['meetingId', 'userId'], ['answer', 'modifiedOn']);
      return nextVersion(sql, meetings, meetingId);
    });
    const name = (await userNames(this.db, [user.id])).get(user.id) ?? '';
    await this.deps.hub.publish({
      event: DELTA_EVENTS.meetingAnswered,
      payload: { meetingId, version, userId: user.id, name, answer },
      whole: this.wholeMeeting(meetingId),
    });
    return this.get(meetingId, user);
  }

  private merged(row: MeetingFields, changes: MeetingChanges): MeetingFields {
    const merged = { ...pickFields(row) };
    for (const field of FIELDS) {
      const value = changes[field];
      if (value !== undefined) (merged as Record<string, unknown>)[field] = value;
    }
    return merged;
  }

  /** The rules a meeting keeps as a whole (shared/api/meetings.ts), as one 400 naming each field. */
  private refuseProblems(fields: MeetingPlan, options: { startChanged: boolean }): void {
    const problems = meetingProblems(fields, this.deps.clock.now(), options);
    const keys = Object.values(problems);
    if (keys.length === 0) return;
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [key]]));
    // One problem reads best as its own sentence; several get the general one (as http/validate.ts does).
    throw new Invalid(keys.length === 1 ? keys[0] : 'validationFailed', {}, fieldErrors);
  }

  /**
   * The meeting as its writer sees it; every client hears of it too: without who answered what, or whole
   * (with nobody's answer singled out) to clients that asked for nothing.
   */
  private async answerAndPublish(meetingId: number, viewer: User): Promise<Meeting> {
    const meeting = await this.get(meetingId, viewer);
    const { rsvp: _rsvp, responders: _responders, myRsvp: _myRsvp, checkedIn: _checkedIn, ...state } = meeting;
    await this.deps.hub.publish({ event: DELTA_EVENTS.meetingUpdated, payload: state, whole: this.wholeMeeting(meetingId, meeting) });
    return meeting;
  }

  /** Today's MeetingChanged: the whole meeting, nobody's answer singled out. */
  wholeMeeting(meetingId: number, read?: Meeting): WholeChange {
    return { event: HUB_EVENTS.meetingChanged, build: async () => ({ ...(read ?? (await this.get(meetingId, null))), myRsvp: null }) };
  }

  /** Meetings with their answers, responders' names and books' titles: one query for each. */
  private async toMeetings(rows: MeetingRow[], viewer: User | null): Promise<Meeting[]> {
    if (rows.length === 0) return [];
    const rsvpRows = findRowsIn(
      sqliteOf(this.db),
      rsvps,
      'meetingId',
      rows.map((row) => row.id),
      {
        orderBy: [
          ['modifiedOn', 'ASC'],
          ['userId', 'ASC'],
        ],
      },
    );
    const checkInRows = findRowsIn(
      sqliteOf(this.db),
      meetingCheckInTable,
      'meetingId',
      rows.map((row) => row.id),
      {
        orderBy: [
          ['checkedInOn', 'ASC'],
          ['userId', 'ASC'],
        ],
      },
    );
    const names = await userNames(
      this.db,
      [...rsvpRows, ...checkInRows].map((row) => row.userId),
    );
    const titles = await this.bookTitles(rows);
    const answersOf = byMeeting(rsvpRows);
    const checkInsOf = byMeeting(checkInRows);
    return rows.map((row) => {
      const answers = answersOf.get(row.id) ?? [];
      const checkedIn = (checkInsOf.get(row.id) ?? []).map((checkIn) => checkIn.userId);
      const answered = new Set(answers.map((a) => a.userId));
      const rsvp = Object.fromEntries(RSVP_ANSWERS.map((answer) => [answer, answers.filter((a) => a.answer === answer).map((a) => a.userId)]));
      return {
        meetingId: row.id,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        place: row.place,
        onlineUrl: row.onlineUrl,
        bookId: row.bookId,
        bookTitle: row.bookId === null ? null : (titles.get(row.bookId) ?? null),
        notes: row.notes,
        notesHtml: row.notes === null ? null : this.deps.markdown.render(row.notes),
        isCancelled: !!row.isCancelled,
        rsvp: rsvp as Meeting['rsvp'],
        responders: [...answered, ...checkedIn.filter((userId) => !answered.has(userId))].map((userId) => ({ userId, name: names.get(userId) ?? '' })),
        myRsvp: (viewer && answers.find((a) => a.userId === viewer.id)?.answer) ?? null,
        checkedIn,
        sequence: row.sequence,
        version: row.version,
        ownerId: row.ownerId,
        createdOn: row.createdOn,
        modifiedOn: row.modifiedOn,
      };
    });
  }

  private async bookTitles(rows: MeetingRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.map((row) => row.bookId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const books = await this.deps.books.toBooks(findRowsIn(sqliteOf(this.db), bookTable, 'id', ids));
    return new Map(books.map((book) => [book.bookId, book.post.title]));
  }
}

/** What the club's chat says of a meeting. */
function summaryOf(meeting: Meeting): MeetingSummary {
  return { startsAt: meeting.startsAt, endsAt: meeting.endsAt, place: meeting.place, onlineUrl: meeting.onlineUrl, bookTitle: meeting.bookTitle };
}

/** Rows grouped by their meeting, in the order given. */
function byMeeting<Row extends { meetingId: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    let list = groups.get(row.meetingId);
    if (!list) groups.set(row.meetingId, (list = []));
    list.push(row);
  }
  return groups;
}

function pickFields(row: MeetingFields): MeetingFields {
  return { startsAt: row.startsAt, endsAt: row.endsAt, place: row.place, onlineUrl: row.onlineUrl, bookId: row.bookId, notes: row.notes };
}
