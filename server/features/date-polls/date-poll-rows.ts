import type BetterSqlite3 from 'better-sqlite3';
import type { DatePollAnswer } from '../../../shared/api/date-polls';
import type { Language } from '../../../shared/constants';
import { deleteRows, findRow, findRows, insertRows, statement } from '../../db/table';
import { userTable } from '../accounts';
import { datePollAnswerTable, datePollOptionTable, datePollTable, type DatePollAnswerRow, type DatePollOptionRow, type DatePollRow } from './date-poll.entity';

type Sql = BetterSqlite3.Database;

/**
 * Date polls, their options and answers as the write transactions read and change them (synchronous, inside
 * `writeTransaction`, so a check made here still holds when the write lands).
 */
const polls = datePollTable;
const options = datePollOptionTable;
const answers = datePollAnswerTable;
const users = userTable;

export function readDatePoll(sql: Sql, datePollId: number): DatePollRow | undefined {
  return findRow(sql, polls, { id: datePollId });
}

/** A poll's dates, soonest first (in the order they were proposed when two start together). */
export function optionsOf(sql: Sql, datePollId: number): DatePollOptionRow[] {
  return findRows(
    sql,
    options,
    { datePollId },
    {
      orderBy: [
        ['startsAt', 'ASC'],
        ['id', 'ASC'],
      ],
    },
  );
}

/** Every answer to a poll, the longest-standing first. */
export function answersOf(sql: Sql, datePollId: number): DatePollAnswerRow[] {
  return findRows(
    sql,
    answers,
    { datePollId },
    {
      orderBy: [
        ['answeredOn', 'ASC'],
        ['userId', 'ASC'],
      ],
    },
  );
}

/** Replaces a member's answers to a poll with these (option id to answer). */
export function replaceAnswers(sql: Sql, datePollId: number, userId: string, given: ReadonlyMap<number, DatePollAnswer>, now: string): void {
  deleteRows(sql, answers, { datePollId, userId });
  if (given.size === 0) return;
  insertRows(
    sql,
    answers,
    [...given].map(([optionId, answer]) => ({ optionId, userId, datePollId, answer, answeredOn: now })),
  );
}

/** Adds dates to a poll. */
export function insertOptions(sql: Sql, datePollId: number, dates: readonly { startsAt: string; endsAt: string | null }[]): void {
  insertRows(
    sql,
    options,
    dates.map(({ startsAt, endsAt }) => ({ datePollId, startsAt, endsAt })),
  );
}

/** Removes one date and its answers (the answers first: they name it). */
export function removeOption(sql: Sql, optionId: number): void {
  deleteRows(sql, answers, { optionId });
  deleteRows(sql, options, { id: optionId });
}

/** Whom a poll's mail reaches, in their language. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
  language: Language | null;
}
const RECIPIENT = ['id', 'name', 'email', 'language'] as const satisfies readonly (keyof Recipient)[];
const user = users.qualified;

/** The members who take part (active, not disabled, never a bot) and have not answered the poll at all. */
export function membersNotAnswered(sql: Sql, datePollId: number): Recipient[] {
  const raws = statement(
    sql,
    `SELECT ${users.columns(RECIPIENT)} FROM ${users.name}
     WHERE ${user('isActiveParticipant')} = 1 AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${answers.name} WHERE ${answers.qualified('datePollId')} = ? AND ${answers.qualified('userId')} = ${user('id')})
     ORDER BY ${user('name')} COLLATE NOCASE, ${user('email')}`,
  ).all(datePollId) as Record<string, unknown>[];
  return raws.map((raw) => users.fromSql(raw, RECIPIENT));
}

/** The club's moderators (admins are moderators too), not disabled, never a bot. */
export function clubModerators(sql: Sql): Recipient[] {
  const raws = statement(
    sql,
    `SELECT ${users.columns(RECIPIENT)} FROM ${users.name}
     WHERE (${user('isModerator')} = 1 OR ${user('isAdmin')} = 1) AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL
     ORDER BY ${user('email')}`,
  ).all() as Record<string, unknown>[];
  return raws.map((raw) => users.fromSql(raw, RECIPIENT));
}

/** Open polls whose deadline has not yet been told to the moderators: the deadlines' scheduled work. */
export function deadlinesToTell(sql: Sql): Pick<DatePollRow, 'id' | 'closesAt'>[] {
  const poll = polls.qualified;
  return statement(
    sql,
    `SELECT ${polls.columns(['id', 'closesAt'])} FROM ${polls.name}
     WHERE ${poll('closesAt')} IS NOT NULL AND ${poll('deadlineNoticeOn')} IS NULL AND ${poll('isCancelled')} = 0 AND ${poll('pickedOptionId')} IS NULL`,
  ).all() as Pick<DatePollRow, 'id' | 'closesAt'>[];
}
