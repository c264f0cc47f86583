import type BetterSqlite3 from 'better-sqlite3';
import type { Post } from '../../../shared/api/discussions';
import type { Poll, PollState, PollVoteCount, VoterSummary, VotingMethod } from '../../../shared/api/polls';

import { displayName, userTable, type User } from '../accounts';
import { readPost, type PostRow } from '../discussions';
import { statement } from '../../db/table';
import { voteChoiceTable, voteTable, type PollRow, type VoteChoiceRow, type VoteRow } from './poll.entity';
import { pollOptionIds, pollVersion, readPoll } from './poll-writes';
import { instantRunoff, type RunoffRound } from './instant-runoff';
import { tally } from './tally';

type Sql = BetterSqlite3.Database;

/**
 * A poll as every member sees it, read once; only whether the counts show differs between callers. The
 * two polls share their parts (options, voters, members): nothing may change an answer it is given.
 */
export interface SharedPoll {
  /** With its counts: for whoever has voted, and for everyone once it is closed. */
  counted: Poll;
  /** With `results.votes` empty: for a member who has not voted in an open poll, so nobody votes by the crowd. */
  hidden: Poll;
  /** Each voter's ticked post ids, ascending. */
  ballots: ReadonlyMap<string, readonly number[]>;
}

/** A poll's ballots and what they count up to, read at one moment with the poll's version. */
export interface CountedBallots {
  /** Each voter's ticked post ids (ascending), earliest ballot first (the order `alreadyVoted` lists voters in). */
  ballots: ReadonlyMap<string, readonly number[]>;
  version: number;
  /** When the latest of them was cast ('' for none): a later batch of ballots goes after all of them. */
  newest: string;
}

/** The ballots of a poll as they stand, with its version (synchronously: nothing is written in between). */
export function readCountedBallots(sql: Sql, pollId: number): CountedBallots {
  return { ...readBallots(sql, pollId), version: pollVersion(sql, pollId) ?? 0 };
}

/** A member's ballot as written: the options they tick. */
export interface WrittenBallot {
  userId: string;
  postIds: readonly number[];
}

/**
 * The ballots after a batch cast at `castOn` (every ballot of a batch has its moment), worked out from those
 * before it as a read of them would order them: earliest first, a batch's ballots by voter, a member's new
 * ballot in place of their earlier one. Null when the batch is not later than every ballot before it (a
 * clock set back): then only a read orders them as the database does.
 */
export function ballotsAfter(
  before: Omit<CountedBallots, 'version'>,
  written: readonly WrittenBallot[],
  castOn: string,
  method: VotingMethod = 'approval',
): Omit<CountedBallots, 'version'> | null {
  if (castOn <= before.newest) return null;
  const latest = new Map<string, readonly number[]>();
  for (const { userId, postIds } of written) latest.set(userId, postIds);
  const ballots = new Map(before.ballots);
  for (const userId of [...latest.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    ballots.delete(userId);
    // A ranked ballot keeps its order (castBallot refused repeats); an approval ballot's ids ascend, once each.
    const choices = [...new Set(latest.get(userId))];
    ballots.set(userId, method === 'ranked' ? choices : choices.sort((a, b) => a - b));
  }
  return { ballots, newest: castOn };
}

/** The counts of ballots over a poll's options (most votes first): a ranked poll's last round, and its rounds. */
export function countVotes(
  sql: Sql,
  pollId: number,
  ballots: ReadonlyMap<string, readonly number[]>,
  method: VotingMethod,
): { votes: PollVoteCount[]; rankedRounds?: RunoffRound[] } {
  return countBallotsBy(method, pollOptionIds(sql, pollId), [...ballots.values()]);
}

/** Approval ballots tallied, or ranked ballots counted by instant runoff (its rounds too). */
function countBallotsBy(
  method: VotingMethod,
  optionIds: readonly number[],
  ballots: readonly (readonly number[])[],
): { votes: PollVoteCount[]; rankedRounds?: RunoffRound[] } {
  if (method === 'approval') return { votes: tally(optionIds, ballots) };
  const { rounds } = instantRunoff(optionIds, ballots);
  return { votes: rounds.at(-1)?.votes ?? [], rankedRounds: rounds };
}

const states = new WeakMap<Poll, PollState>();
/** The poll without its options and voters (shared/events.ts), made once per poll object. */
export function pollState(poll: Poll): PollState {
  let state = states.get(poll);
  if (!state) {
    const { options: _options, results, ...own } = poll;
    const { votes, winnerPostId, rankedRounds } = results;
    states.set(poll, (state = { ...own, results: { votes, winnerPostId, ...(rankedRounds ? { rankedRounds } : {}) } }));
  }
  return state;
}

/** The poll as `viewer` may see it. */
export function pollFor(shared: SharedPoll, viewer: Pick<User, 'id'> | null): Poll {
  return shared.counted.isClosed || (!!viewer && shared.ballots.has(viewer.id)) ? shared.counted : shared.hidden;
}

/** What a poll shows apart from its ballots: ballots change it not at all, and change far more often. */
interface PollBody {
  row: PollRow;
  optionIds: number[];
  options: Post[];
  activeMembers: VoterSummary[];
}

/** How many polls are kept at once (each holds every member's name: some 100 KB in a club of 1,000). */
const KEPT_POLLS = 8;

/**
 * Polls kept while the database stays as it was when they were read, so a storm of votes or reads reads
 * and tallies each state of a poll once, not once per caller. Any change anywhere forgets them (a vote,
 * a renamed member, an edited option, a member disabled, a write by another connection): this spares each
 * writer from knowing what a poll shows, and between a club's writes there are many reads.
 *
 * Ballots, written through `writingBallots`, forget only the ballots: the rest of a poll (its row, its
 * options as posts, the active members) is kept until something else changes, so each batch of ballots
 * costs one read of the poll's ballots, not of the whole poll.
 */
export class PollViews {
  /** Rows this connection changed by writing ballots: `total_changes()` less these moves only with other writes. */
  private ballotChanges = 0;
  private connection: Sql | null = null;
  private connections = 0;
  private readonly bodies = new Kept<PollBody | undefined>();
  private readonly polls = new Kept<SharedPoll | undefined>();
  /**
   * The latest ballots known of each poll, with the state of the database they are of: a batch of ballots
   * written on that state counts from them (ballotsAfter) instead of reading a thousand ballots again.
   */
  private readonly known = new Map<number, { state: string; counted: CountedBallots }>();

  constructor(private readonly toPosts: (rows: PostRow[]) => Promise<Post[]>) {}

  /** The poll (undefined when there is none) with every change committed before this call. */
  of(sql: Sql, pollId: number): Promise<SharedPoll | undefined> {
    const version = this.version(sql);
    // Inside a transaction, what is read may yet be rolled back: it is answered, never kept.
    if (!version) return this.readBody(sql, pollId).then((body) => body && withBallots(body, readCountedBallots(sql, pollId)));
    return this.polls.get(version.all, pollId, () => {
      const body = this.bodies.get(version.besidesBallots, pollId, () => this.readBody(sql, pollId));
      return body.then((read) => read && withBallots(read, this.readBallots(sql, pollId)));
    });
  }

  /**
   * The poll's ballots as of the state of the database a write transaction began on (`state`, read with
   * stateOf as it began), if known; undefined when they must be read.
   */
  ballotsAt(state: string, pollId: number): CountedBallots | undefined {
    const known = this.known.get(pollId);
    return known?.state === state ? known.counted : undefined;
  }

  /** The state of the database (its writes so far, in a transaction too), as ballotsAt knows it. */
  stateOf(sql: Sql): string {
    return this.key(sql).all;
  }

  /**
   * Once a batch of ballots is committed (synchronously after it): the poll's ballots as committed, so the
   * next batch counts from them and every voter's answer is made from them without reading them again.
   */
  committed(sql: Sql, pollId: number, counted: CountedBallots): void {
    const version = this.version(sql);
    if (!version) return;
    this.remember(version.all, pollId, counted);
    void this.polls.get(version.all, pollId, () =>
      this.bodies.get(version.besidesBallots, pollId, () => this.readBody(sql, pollId)).then((body) => body && withBallots(body, counted)),
    );
  }

  /** Reads the poll's ballots, and remembers them for the state they were read in. */
  private readBallots(sql: Sql, pollId: number): CountedBallots {
    const counted = readCountedBallots(sql, pollId);
    if (!sql.inTransaction) this.remember(this.stateOf(sql), pollId, counted);
    return counted;
  }

  private remember(state: string, pollId: number, counted: CountedBallots): void {
    this.known.delete(pollId);
    this.known.set(pollId, { state, counted });
    if (this.known.size > KEPT_POLLS) this.known.delete(this.known.keys().next().value!);
  }

  /** Runs `write`, which changes ballots (the vote and vote_choice rows, and the count of the poll's changes) and nothing else. */
  writingBallots<T>(sql: Sql, write: () => T): T {
    const before = totalChanges(sql);
    try {
      return write();
    } finally {
      this.ballotChanges += totalChanges(sql) - before;
    }
  }

  private version(sql: Sql): { all: string; besidesBallots: string } | null {
    return sql.inTransaction ? null : this.key(sql);
  }

  /** Keys of the database's state: all of it, and all but its ballots. */
  private key(sql: Sql): { all: string; besidesBallots: string } {
    if (sql !== this.connection) {
      // Counts start again on a new connection (a reopened database).
      this.connection = sql;
      this.connections += 1;
      this.ballotChanges = 0;
    }
    const changes = totalChanges(sql);
    const otherCommits = statement(sql, OTHER_COMMITS).pluck().get() as number;
    const of = `${this.connections} ${otherCommits}`;
    return { all: `${of} ${changes}`, besidesBallots: `${of} ${changes - this.ballotChanges}` };
  }

  /** The poll's row, options and members at one moment (synchronously), then its options as posts. */
  private async readBody(sql: Sql, pollId: number): Promise<PollBody | undefined> {
    const row = readPoll(sql, pollId);
    if (!row) return undefined;
    const optionIds = pollOptionIds(sql, pollId);
    const postRows = optionIds.map((id) => readPost(sql, id)).filter((post): post is PostRow => !!post);
    const members = activeMembers(sql);
    return { row, optionIds, options: deepFreeze(await this.toPosts(postRows)), activeMembers: deepFreeze(members) };
  }
}

/** Values kept per poll for one version of the database; a new version forgets them all. */
class Kept<T> {
  private version = '';
  private readonly values = new Map<number, Promise<T>>();

  get(version: string, pollId: number, read: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    let value = this.values.get(pollId);
    if (!value) {
      // Kept at once, so callers arriving while it is read wait for this one reading.
      const reading = (value = read());
      this.values.set(pollId, reading);
      if (this.values.size > KEPT_POLLS) this.values.delete(this.values.keys().next().value!);
      reading.catch(() => {
        if (this.values.get(pollId) === reading) this.values.delete(pollId);
      });
    }
    return value;
  }
}

/** The poll with its ballots; its version is read with them (a commit of ballots counts one change, and leaves the body as it was). */
function withBallots({ row, optionIds, options, activeMembers }: PollBody, { ballots, version }: CountedBallots): SharedPoll {
  const alreadyVoted = [...ballots.keys()];
  const poll = ({ votes, rankedRounds }: { votes: PollVoteCount[]; rankedRounds?: RunoffRound[] }): Poll => ({
    pollId: row.id,
    discussionId: row.discussionId,
    roundId: row.roundId,
    title: row.title,
    topic: row.topic,
    isClosed: !!row.isClosed,
    isTiebreaker: !!row.isTiebreaker,
    previousPollId: row.previousPollId,
    options,
    results: { votes, alreadyVoted, winnerPostId: row.winnerPostId, activeMembers, ...(rankedRounds ? { rankedRounds } : {}) },
    followupLink: row.followupKind && row.followupId ? { kind: row.followupKind, entityId: row.followupId } : null,
    decidedByLot: !!row.decidedByLot,
    closesAt: row.closesAt,
    createdOn: row.createdOn,
    version,
    votingMethod: row.votingMethod,
  });
  // Frozen: one caller changing its answer would change everyone's (a strict-mode module throws instead).
  const counted = countBallotsBy(row.votingMethod, optionIds, [...ballots.values()]);
  // Hidden: no counts, nor a ranked poll's rounds (they are counts too).
  const hidden = { votes: [], ...(counted.rankedRounds ? { rankedRounds: [] } : {}) };
  return { counted: deepFreeze(poll(counted)), hidden: deepFreeze(poll(hidden)), ballots };
}

/** Freezes `value` and what it holds; a part already frozen (the options and members every state shares) is left as it is. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const part of Array.isArray(value) ? value : Object.values(value)) if (typeof part === 'object') deepFreeze(part);
  return value;
}

/** Each voter's ticked post ids (ascending), earliest ballot first, and when the latest was cast, in one statement. */
function readBallots(sql: Sql, pollId: number): Omit<CountedBallots, 'version'> {
  const ballots = new Map<string, number[]>();
  let newest = '';
  for (const [userId, postId, castOn] of statement(sql, BALLOTS).raw().all(pollId) as [
    VoteRow['userId'],
    VoteChoiceRow['postId'] | null,
    VoteRow['createdOn'],
  ][]) {
    let ticks = ballots.get(userId);
    if (!ticks) ballots.set(userId, (ticks = []));
    if (postId !== null) ticks.push(postId);
    newest = castOn;
  }
  return { ballots, newest };
}

/** One collator for every sort: `localeCompare` builds its comparison anew on each call (1,000 voters). */
const BY_NAME = new Intl.Collator();

/** Members who take part in the club's votes: active, not disabled, and never bots; by name. */
function activeMembers(sql: Sql): VoterSummary[] {
  const raws = statement(sql, ACTIVE_MEMBERS).all() as Record<string, unknown>[];
  return raws
    .map((raw) => {
      const member = users.fromSql(raw, MEMBER);
      return { userId: member.id, name: displayName(member) };
    })
    .sort((a, b) => BY_NAME.compare(a.name, b.name));
}

function totalChanges(sql: Sql): number {
  return statement(sql, CHANGES).pluck().get() as number;
}

const users = userTable;
const votes = voteTable;
const choices = voteChoiceTable;

/** Rows inserted, updated or deleted by this connection since it opened (committed or rolled back). */
const CHANGES = 'SELECT total_changes()';
/** Moves when another connection commits (a command-line tool, a test writing members in). */
const OTHER_COMMITS = 'PRAGMA data_version';
const MEMBER = ['id', 'name', 'email'] as const satisfies readonly (keyof User)[];
const user = users.qualified;
const ACTIVE_MEMBERS = `SELECT ${users.columns(MEMBER)} FROM ${users.name}
  WHERE ${user('isActiveParticipant')} = 1 AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL`;
const vote = votes.qualified;
const choice = choices.qualified;
/** [userId, postId, createdOn] for each tick, [userId, null, createdOn] for a ballot that ticks nothing. */
const BALLOTS = `SELECT ${vote('userId')}, ${choice('postId')}, ${vote('createdOn')} FROM ${votes.name}
  LEFT JOIN ${choices.name} ON ${choice('pollId')} = ${vote('pollId')} AND ${choice('userId')} = ${vote('userId')}
  WHERE ${vote('pollId')} = ? ORDER BY ${vote('createdOn')}, ${vote('userId')}, ${choice('rank')}, ${choice('postId')}`;
