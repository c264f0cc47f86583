import type BetterSqlite3 from 'better-sqlite3';
import { deleteRows, findRow, findRows, insertRow, insertRows, statement, updateRows, upsertRow } from '../../db/table';
import { nextVersion } from '../../realtime/versions';
import { userTable, type User } from '../accounts';
import { pollTable, pollOptionTable, voteChoiceTable, voteTable, type PollRow } from './poll.entity';

type Sql = BetterSqlite3.Database;

/**
 * Polls, their options and ballots as the club's write transactions read and change them (synchronous,
 * inside `writeTransaction`, so a check made here still holds when the write lands).
 */
const polls = pollTable;
const options = pollOptionTable;
const votes = voteTable;
const choices = voteChoiceTable;

/** A new poll; one that follows `previousPollId` is that poll's tiebreaker. */
export type NewPoll = Pick<PollRow, 'discussionId' | 'roundId' | 'title' | 'topic' | 'previousPollId' | 'ownerId' | 'createdOn' | 'votingMethod'>;

/** How a closed poll was decided and what it led to. */
export type PollOutcome = Pick<PollRow, 'winnerPostId' | 'decidedByLot' | 'followupKind' | 'followupId' | 'closedOn'>;

export function readPoll(sql: Sql, pollId: number): PollRow | undefined {
  return findRow(sql, polls, { id: pollId });
}

/** The post ids a poll offers, in their order. */
export function pollOptionIds(sql: Sql, pollId: number): number[] {
  return findRows(sql, options, { pollId }, { select: ['postId'], orderBy: 'position' }).map((option) => option.postId);
}

/** Each voter's post ids: a ranked ballot's most wanted first, an approval ballot's ascending. */
export function pollBallots(sql: Sql, pollId: number): Map<string, number[]> {
  const ballots = new Map<string, number[]>();
  for (const choice of findRows(
    sql,
    choices,
    { pollId },
    {
      select: ['userId', 'postId'],
      orderBy: [
        ['rank', 'ASC'],
        ['postId', 'ASC'],
      ],
    },
  )) {
    const ballot = ballots.get(choice.userId);
    if (ballot) ballot.push(choice.postId);
    else ballots.set(choice.userId, [choice.postId]);
  }
  return ballots;
}

/** An open poll offering `optionIds` (post ids) in this order; answers its id. */
export function createPoll(sql: Sql, poll: NewPoll, optionIds: readonly number[]): number {
  const pollId = insertRow(sql, polls, {
    discussionId: poll.discussionId,
    roundId: poll.roundId,
    title: poll.title,
    topic: poll.topic,
    isTiebreaker: poll.previousPollId !== null,
    previousPollId: poll.previousPollId,
    ownerId: poll.ownerId,
    createdOn: poll.createdOn,
    votingMethod: poll.votingMethod,
  });
  insertRows(
    sql,
    options,
    optionIds.map((postId, position) => ({ pollId, postId, position })),
  );
  return pollId;
}

/** The poll's count of changes (live events carry it); undefined when there is no such poll. */
export function pollVersion(sql: Sql, pollId: number): number | undefined {
  return findRows(sql, polls, { id: pollId }, { select: ['version'] })[0]?.version;
}

/** One more change members see in the poll (a commit of ballots); answers its new count. */
export function countPollChange(sql: Sql, pollId: number): number {
  return nextVersion(sql, polls, pollId);
}

/** Closes a poll with its outcome. */
export function closePollWithOutcome(sql: Sql, pollId: number, outcome: PollOutcome): void {
  updateRows(
    sql,
    polls,
    { id: pollId },
    {
      isClosed: true,
      winnerPostId: outcome.winnerPostId,
      decidedByLot: outcome.decidedByLot,
      followupKind: outcome.followupKind,
      followupId: outcome.followupId,
      closedOn: outcome.closedOn,
    },
  );
  countPollChange(sql, pollId);
}

/** A member's ballot: it replaces any earlier one of theirs, ticks and time. */
/** A member's ballot over any earlier one; a ranked ballot's choices keep their places (`ranked`). */
export function recordBallot(sql: Sql, pollId: number, userId: string, postIds: readonly number[], createdOn: string, ranked = false): void {
  upsertRow(sql, votes, { pollId, userId, createdOn }, ['pollId', 'userId'], ['createdOn']);
  deleteRows(sql, choices, { pollId, userId });
  insertRows(
    sql,
    choices,
    postIds.map((postId, rank) => ({ pollId, userId, postId, rank: ranked ? rank : null })),
  );
}

const users = userTable;
/** A user's or a vote's column, qualified by its table (the statements below join them). */
const user = users.qualified;
const vote = (property: 'pollId' | 'userId') => votes.columns([property]);
/** The members who take part in votes: active, not disabled, never a bot. */
const takesPartInVotes = () => `${user('isActiveParticipant')} = 1 AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL`;

/**
 * Whether every member who takes part in votes (active, not disabled, never a bot) has a ballot in the
 * poll: the moment it closes itself. A club with no such member never closes a poll so.
 */
export function everyActiveMemberVoted(sql: Sql, pollId: number): boolean {
  const [voters, waiting] = statement(
    sql,
    `SELECT count(*), count(*) - count(${vote('userId')}) FROM ${users.name}
     LEFT JOIN ${votes.name} ON ${vote('pollId')} = ? AND ${vote('userId')} = ${user('id')}
     WHERE ${takesPartInVotes()}`,
  )
    .raw()
    .get(pollId) as [number, number];
  return voters > 0 && waiting === 0;
}

/**
 * Sets or clears a poll's deadline. A new deadline is a new promise to the members: its reminder goes
 * again before it (those reminded of the old moment were told a time that no longer holds), and a
 * deadline that found no votes is forgotten with it. Setting the same moment again changes nothing.
 */
export function setPollDeadline(sql: Sql, pollId: number, closesAt: string | null): void {
  const poll = readPoll(sql, pollId);
  if (!poll || poll.closesAt === closesAt) return;
  updateRows(sql, polls, { id: pollId }, { closesAt, reminderSentOn: null, deadlineMissedOn: null });
  countPollChange(sql, pollId);
}

/** The open polls that have a deadline: what the deadlines' schedule looks at (a club has one or two). */
export function openPollsWithDeadline(sql: Sql): Pick<PollRow, 'id' | 'closesAt' | 'reminderSentOn' | 'deadlineMissedOn'>[] {
  const selected = ['id', 'closesAt', 'reminderSentOn', 'deadlineMissedOn'] as const;
  const raws = statement(
    sql,
    `SELECT ${polls.columns(selected)} FROM ${polls.name} WHERE ${polls.column('isClosed')} = 0 AND ${polls.column('closesAt')} IS NOT NULL`,
  ).all() as Record<string, unknown>[];
  return raws.map((raw) => polls.fromSql(raw, selected));
}

/** Marks a poll's reminder as sent. */
export function markReminderSent(sql: Sql, pollId: number, sentOn: string): void {
  updateRows(sql, polls, { id: pollId }, { reminderSentOn: sentOn });
}

/** Marks that the poll's deadline found no votes (the moderators were told). */
export function markDeadlineMissed(sql: Sql, pollId: number, missedOn: string): void {
  updateRows(sql, polls, { id: pollId }, { deadlineMissedOn: missedOn });
}

/** Who a mail about the poll reaches: their address and language. */
export type Recipient = Pick<User, 'email' | 'language'>;
const RECIPIENT = ['email', 'language'] as const satisfies readonly (keyof Recipient)[];

/** The members who take part in votes (active, not disabled, never a bot) and have no ballot in the poll. */
export function membersYetToVote(sql: Sql, pollId: number): Recipient[] {
  const raws = statement(
    sql,
    `SELECT ${users.columns(RECIPIENT)} FROM ${users.name}
     WHERE ${takesPartInVotes()}
       AND NOT EXISTS (SELECT 1 FROM ${votes.name} WHERE ${vote('pollId')} = ? AND ${vote('userId')} = ${user('id')})
     ORDER BY ${user('email')}`,
  ).all(pollId) as Record<string, unknown>[];
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
