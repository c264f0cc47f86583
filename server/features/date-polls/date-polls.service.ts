import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import {
  DATE_POLL_REMIND_EVERY_MS,
  datePollProblems,
  type DateOptionPlan,
  type DatePoll,
  type DatePollAnswer,
  type DatePollChanges,
  type DatePollSummary,
  type NewDatePoll,
} from '../../../shared/api/date-polls';
import type { RsvpAnswer } from '../../../shared/api/meetings';
import { DELTA_EVENTS, HUB_EVENTS } from '../../../shared/events';
import { isModerator } from '../../../shared/rules';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { findRows, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound, RetryLater } from '../../http/errors';
import type { MailOutbox } from '../../mail-outbox';
import type { Hub } from '../../realtime/hub';
import { nextVersion } from '../../realtime/versions';
import { displayName, userNames, type User } from '../accounts';
import type { BooksService } from '../books';
import type { MeetingsService } from '../meetings';
import type { ClubEvents } from '../newsletters';
import type { ClubSchedule } from '../schedule';
import { datePollTable, type DatePollRow } from './date-poll.entity';
import { openedLetters, reminderMail, type DatePollMailSettings } from './date-poll-mail';
import { answersOf, insertOptions, membersNotAnswered, optionsOf, readDatePoll, removeOption, replaceAnswers } from './date-poll-rows';
import { answersByOption, answersClosed, isClosed, pollOf, stateOf } from './date-poll-view';

type Sql = BetterSqlite3.Database;

export interface DatePollsDeps {
  books: Pick<BooksService, 'get'>;
  /** A pick schedules the meeting through it, as POST /api/meetings would. */
  meetings: Pick<MeetingsService, 'checkNew' | 'insertScheduled' | 'announceScheduled'>;
  hub: Pick<Hub, 'publish'>;
  clock: Clock;
  /** The newsletters and the chat: a poll opening is news. */
  events: ClubEvents;
  outbox: MailOutbox;
  mail: DatePollMailSettings;
  /** Told after a write that may bring a deadline forward (date-poll-deadlines.ts). */
  schedule: Pick<ClubSchedule, 'reschedule'>;
}

/** A yes becomes "going" at the meeting, an if-need-be "maybe"; a no says nothing. */
const RSVP_OF: Record<DatePollAnswer, RsvpAnswer | null> = { yes: 'going', ifNeedBe: 'maybe', no: null };
const WHOLE_NUMBER = /^[1-9]\d{0,14}$/;

/**
 * Date polls: a moderator proposes dates, members answer, a moderator picks one and it becomes the meeting.
 * Every write checks and writes in one synchronous transaction (a poll picked or cancelled meanwhile takes
 * nothing), then goes out live as small events only: DatePollAnswered (one member's answers) or
 * DatePollUpdated (the poll without its grid); the grid is read once, never pushed.
 */
export class DatePollsService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: DatePollsDeps,
  ) {}

  /** Open polls first, then picked or cancelled ones; newest first within each. */
  async list(viewer: User): Promise<DatePollSummary[]> {
    const sql = sqliteOf(this.db);
    const rows = findRows(sql, datePollTable, 'all', { orderBy: [['id', 'DESC']] });
    const ordered = [...rows.filter((row) => !isClosed(row)), ...rows.filter(isClosed)];
    return ordered.map((row) => {
      const answers = answersOf(sql, row.id);
      const options = optionsOf(sql, row.id);
      const order = new Map(options.map((option, index) => [option.id, index]));
      const mine = answers.filter((answer) => answer.userId === viewer.id).sort((a, b) => order.get(a.optionId)! - order.get(b.optionId)!);
      return {
        ...stateOf(row, options),
        respondentCount: new Set(answers.map((answer) => answer.userId)).size,
        myAnswers: answersByOption(mine),
      };
    });
  }

  async get(datePollId: number, viewer: User): Promise<DatePoll> {
    const sql = sqliteOf(this.db);
    const row = this.existing(sql, datePollId);
    const answers = answersOf(sql, datePollId);
    const notAnswered = isModerator(viewer) ? membersNotAnswered(sql, datePollId).map((member) => ({ userId: member.id, name: displayName(member) })) : null;
    const names = await userNames(
      this.db,
      answers.map((answer) => answer.userId),
    );
    return pollOf({ row, options: optionsOf(sql, datePollId), answers, names, viewerId: viewer.id, notAnswered });
  }

  async open(owner: User, input: NewDatePoll): Promise<DatePoll> {
    const now = this.deps.clock.now();
    this.refuse(datePollProblems({ options: input.options, closesAt: input.closesAt ?? null }, now));
    if (input.bookId != null) await this.deps.books.get(input.bookId);
    const stamp = now.toISOString();
    const dates = input.options.map((option) => ({ startsAt: option.startsAt, endsAt: option.endsAt ?? null }));
    const datePollId = writeTransaction(this.db, (sql) => {
      const id = insertRow(sql, datePollTable, {
        title: input.title,
        closesAt: input.closesAt ?? null,
        place: input.place ?? null,
        onlineUrl: input.onlineUrl ?? null,
        bookId: input.bookId ?? null,
        isCancelled: false,
        ownerId: owner.id,
        createdOn: stamp,
        modifiedOn: stamp,
      });
      insertOptions(sql, id, dates);
      return id;
    });
    // Its deadline may be the club's next scheduled work (date-poll-deadlines.ts).
    this.deps.schedule.reschedule();
    await this.publishUpdated(datePollId);
    const poll = await this.get(datePollId, owner);
    const sql = sqliteOf(this.db);
    this.deps.events.publish({
      kind: 'datePollOpened',
      datePollId,
      title: poll.title,
      closesAt: poll.closesAt,
      optionCount: poll.options.length,
      letters: openedLetters(readDatePoll(sql, datePollId)!, optionsOf(sql, datePollId), this.deps.mail),
      actorId: owner.id,
    });
    return poll;
  }

  /**
   * Changes an open poll. `options` replaces its dates: one sent with its optionId and the same times keeps its
   * answers, one with new times is a new date (its answers were for another evening), one left out goes.
   */
  async change(datePollId: number, changes: DatePollChanges, viewer: User): Promise<DatePoll> {
    this.openOrRefuse(this.existing(sqliteOf(this.db), datePollId));
    if (changes.bookId != null) await this.deps.books.get(changes.bookId);
    const now = this.deps.clock.now();
    writeTransaction(this.db, (sql) => {
      const current = this.openOrRefuse(this.existing(sql, datePollId));
      const kept = optionsOf(sql, datePollId);
      const plan = changes.options ? this.planOptions(changes.options, kept) : null;
      this.refuse(datePollProblems({ options: plan ?? undefined, closesAt: changes.closesAt }, now));
      const fields: Partial<DatePollRow> = {
        title: changes.title,
        closesAt: changes.closesAt,
        place: changes.place,
        onlineUrl: changes.onlineUrl,
        bookId: changes.bookId,
      };
      // A new deadline is a new promise: the moderators hear of it when it comes.
      if (changes.closesAt !== undefined && changes.closesAt !== current.closesAt) fields.deadlineNoticeOn = null;
      updateRows(sql, datePollTable, { id: datePollId }, { ...fields, modifiedOn: now.toISOString() });
      if (plan) {
        const staying = new Set(plan.filter((option) => option.unchanged).map((option) => option.optionId));
        for (const option of kept) if (!staying.has(option.id)) removeOption(sql, option.id);
        insertOptions(
          sql,
          datePollId,
          plan.filter((option) => !option.unchanged).map((option) => ({ startsAt: option.startsAt, endsAt: option.endsAt ?? null })),
        );
      }
      nextVersion(sql, datePollTable, datePollId);
    });
    this.deps.schedule.reschedule();
    await this.publishUpdated(datePollId);
    return this.get(datePollId, viewer);
  }

  async cancel(datePollId: number, viewer: User): Promise<DatePoll> {
    const now = this.deps.clock.now().toISOString();
    writeTransaction(this.db, (sql) => {
      this.openOrRefuse(this.existing(sql, datePollId));
      updateRows(sql, datePollTable, { id: datePollId }, { isCancelled: true, modifiedOn: now });
      nextVersion(sql, datePollTable, datePollId);
    });
    await this.publishUpdated(datePollId);
    return this.get(datePollId, viewer);
  }

  /** Replaces the caller's answers with these; answers them alone. */
  async answer(datePollId: number, user: User, given: Record<string, DatePollAnswer>): Promise<Record<string, DatePollAnswer>> {
    const now = this.deps.clock.now();
    const { version, answers } = writeTransaction(this.db, (sql) => {
      const poll = this.openOrRefuse(this.existing(sql, datePollId));
      if (answersClosed(poll, now)) throw new Conflict('datePollAnswersClosed');
      const options = optionsOf(sql, datePollId);
      const ids = new Set(options.map((option) => option.id));
      const chosen = new Map<number, DatePollAnswer>();
      for (const [key, answer] of Object.entries(given)) {
        if (!WHOLE_NUMBER.test(key) || !ids.has(Number(key))) throw new Invalid('datePollForeignOption');
        chosen.set(Number(key), answer);
      }
      replaceAnswers(sql, datePollId, user.id, chosen, now.toISOString());
      const inOrder = options.filter((option) => chosen.has(option.id)).map((option) => ({ optionId: option.id, answer: chosen.get(option.id)! }));
      return { version: nextVersion(sql, datePollTable, datePollId), answers: answersByOption(inOrder) };
    });
    const name = (await userNames(this.db, [user.id])).get(user.id) ?? '';
    const payload = { datePollId, version, userId: user.id, name, answers };
    await this.deps.hub.publish({ event: DELTA_EVENTS.datePollAnswered, payload, whole: { event: HUB_EVENTS.datePollAnswered, build: async () => payload } });
    return answers;
  }

  /**
   * Closes the poll at one of its dates and schedules the meeting then, as POST /api/meetings would (its
   * mail, calendar feed and chat follow), with yes answers as "going" and if-need-be ones as "maybe": the
   * meeting, its answers and the poll's pick are one write.
   */
  async pick(datePollId: number, viewer: User, input: { optionId: number; place?: string | null; onlineUrl?: string | null }) {
    const sql = sqliteOf(this.db);
    const poll = this.openOrRefuse(this.existing(sql, datePollId));
    const option = optionsOf(sql, datePollId).find((one) => one.id === input.optionId);
    if (!option) throw new Invalid('datePollForeignOption');
    const fields = await this.deps.meetings.checkNew({
      startsAt: option.startsAt,
      endsAt: option.endsAt,
      place: input.place !== undefined ? input.place : poll.place,
      onlineUrl: input.onlineUrl !== undefined ? input.onlineUrl : poll.onlineUrl,
      bookId: poll.bookId,
      notes: null,
    });
    const now = this.deps.clock.now().toISOString();
    const meetingId = writeTransaction(this.db, (sql) => {
      // Another moderator may have picked, cancelled or changed the dates since the checks above.
      this.openOrRefuse(this.existing(sql, datePollId));
      if (!optionsOf(sql, datePollId).some((one) => one.id === option.id && one.startsAt === option.startsAt && one.endsAt === option.endsAt)) {
        throw new Invalid('datePollForeignOption');
      }
      const rsvps = answersOf(sql, datePollId)
        .filter((answer) => answer.optionId === option.id && RSVP_OF[answer.answer] !== null)
        .map((answer) => ({ userId: answer.userId, answer: RSVP_OF[answer.answer]! }));
      const id = this.deps.meetings.insertScheduled(sql, fields, viewer, now, rsvps);
      updateRows(sql, datePollTable, { id: datePollId }, { pickedOptionId: option.id, meetingId: id, modifiedOn: now });
      nextVersion(sql, datePollTable, datePollId);
      return id;
    });
    await this.deps.meetings.announceScheduled(meetingId, viewer);
    await this.publishUpdated(datePollId);
    return { datePollId, meetingId };
  }

  /** Mails the active members who have not answered; at most once a day, and only while answers are open. */
  async remind(datePollId: number, _viewer: User) {
    const now = this.deps.clock.now();
    const result = writeTransaction(this.db, (sql) => {
      const poll = this.openOrRefuse(this.existing(sql, datePollId));
      if (answersClosed(poll, now)) throw new Conflict('datePollAnswersClosed');
      const since = poll.remindedOn === null ? Infinity : now.getTime() - Date.parse(poll.remindedOn);
      if (since < DATE_POLL_REMIND_EVERY_MS) {
        const seconds = Math.ceil((DATE_POLL_REMIND_EVERY_MS - since) / 1000);
        throw new RetryLater(429, 'datePollRemindedRecently', seconds, { hours: Math.max(1, Math.ceil(seconds / 3600)) });
      }
      const waiting = membersNotAnswered(sql, datePollId);
      // Nobody to remind uses up nothing: the day's reminder is still there for later.
      if (waiting.length === 0) return { reminded: 0, remindedOn: poll.remindedOn };
      const remindedOn = now.toISOString();
      updateRows(sql, datePollTable, { id: datePollId }, { remindedOn });
      nextVersion(sql, datePollTable, datePollId);
      this.deps.outbox.enqueue(waiting.map((member) => reminderMail(member, poll, this.deps.mail)));
      return { reminded: waiting.length, remindedOn };
    });
    if (result.reminded > 0) await this.publishUpdated(datePollId);
    return { datePollId, reminded: result.reminded, remindedOn: result.remindedOn ?? now.toISOString() };
  }

  /** The plan of a new set of dates against the poll's: each kept id must be the poll's own, and named once. */
  private planOptions(given: NonNullable<DatePollChanges['options']>, kept: readonly { id: number; startsAt: string; endsAt: string | null }[]) {
    const byId = new Map(kept.map((option) => [option.id, option]));
    const named = new Set<number>();
    return given.map((option): DateOptionPlan & { optionId: number | null } => {
      const endsAt = option.endsAt ?? null;
      if (option.optionId == null) return { optionId: null, startsAt: option.startsAt, endsAt };
      const before = byId.get(option.optionId);
      if (!before || named.has(option.optionId)) throw new Invalid('datePollForeignOption');
      named.add(option.optionId);
      return { optionId: option.optionId, startsAt: option.startsAt, endsAt, unchanged: before.startsAt === option.startsAt && before.endsAt === endsAt };
    });
  }

  private existing(sql: Sql, datePollId: number): DatePollRow {
    const row = readDatePoll(sql, datePollId);
    if (!row) throw new NotFound('datePollNotFound');
    return row;
  }

  private openOrRefuse(row: DatePollRow): DatePollRow {
    if (isClosed(row)) throw new Conflict('datePollClosed');
    return row;
  }

  /** The rules' problems (shared/api/date-polls.ts) as one 400 naming each field. */
  private refuse(problems: Record<string, string>): void {
    const keys = Object.values(problems);
    if (keys.length === 0) return;
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [key]]));
    throw new Invalid(keys.length === 1 ? keys[0] : 'validationFailed', {}, fieldErrors);
  }

  /** Tells every client of the poll's new state, never its grid. */
  private async publishUpdated(datePollId: number): Promise<void> {
    const sql = sqliteOf(this.db);
    const state = stateOf(this.existing(sql, datePollId), optionsOf(sql, datePollId));
    await this.deps.hub.publish({
      event: DELTA_EVENTS.datePollUpdated,
      payload: state,
      whole: { event: HUB_EVENTS.datePollUpdated, build: async () => state },
    });
  }
}
