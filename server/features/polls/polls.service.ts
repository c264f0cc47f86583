import type BetterSqlite3 from 'better-sqlite3';
import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import type { Poll, PollInfo, VoteReceipt } from '../../../shared/api/polls';
import { pollDeadlineSchema, voteSchema } from '../../../shared/api/polls';
import { deadlineProblem } from '../../../shared/api/instant';
import type { Clock } from '../../clock';
import { writeTransaction } from '../../db/write-transaction';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { sqliteOf } from '../../db/data-source';
import { findRows } from '../../db/table';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Hub, LiveChange } from '../../realtime/hub';
import { DELTA_EVENTS, HUB_EVENTS } from '../../../shared/events';
import type { User } from '../accounts';
import type { DiscussionsService } from '../discussions';
import type { ClubSchedule } from '../schedule';
import { GroupCommit } from './group-commit';
import { pollTable, type PollRow } from './poll.entity';
import { ballotsAfter, countVotes, pollFor, pollState, PollViews, readCountedBallots, type CountedBallots, type SharedPoll } from './poll-view';
import { countPollChange, pollOptionIds, readPoll, recordBallot, setPollDeadline } from './poll-writes';

/** Closes a poll after its last active member's ballot; null when it stays open (someone has yet to vote) or closed meanwhile. */
export type CloseAfterLastVote = (pollId: number, voter: User) => Promise<RoundUpdate | null>;

/** A member's ballot: the options they approve of. */
interface Ballot {
  pollId: number;
  userId: string;
  postIds: readonly number[];
}

/** What the ballots of one commit share: the state of the database it began on, and their moment. */
interface BallotBatch {
  state: string;
  castOn: string;
}

export class PollsService {
  private readonly views: PollViews;
  private readonly ballots: GroupCommit<Ballot, BallotBatch>;
  /** One answer object per state of a poll, so every voter who sees that state gets the same bytes (polls.routes.ts). */
  private readonly voteAnswers = new WeakMap<Poll, RoundUpdate>();
  /** Per state of a poll: has every member who takes part voted? Asked after each ballot of a storm. */
  private readonly everyoneVoted = new WeakMap<SharedPoll, boolean>();
  private closeAfterLastVote: CloseAfterLastVote | null = null;

  constructor(
    private readonly db: DataSource,
    discussions: DiscussionsService,
    private readonly hub: Pick<Hub, 'publish'>,
    /** The club's clock: a deadline must lie ahead of it. */
    private readonly clock: Clock,
    /** Told when a deadline is set or moved, so it fires then (deadlines.ts). */
    private readonly schedule: Pick<ClubSchedule, 'reschedule'>,
  ) {
    this.views = new PollViews((rows) => discussions.toPosts(rows));
    this.ballots = new GroupCommit<Ballot, BallotBatch>(
      db,
      (sql, ballot, batch) => this.castBallot(sql, ballot, batch.castOn),
      (sql, written, batch) => this.countBallots(sql, written, batch),
      (sql) => ({ state: this.views.stateOf(sql), castOn: new Date().toISOString() }),
    );
  }

  async info(pollId: number, viewer: User): Promise<PollInfo> {
    const shared = await this.shared(pollId);
    const ballot = shared.ballots.get(viewer.id);
    return { poll: pollFor(shared, viewer), myVote: ballot ? { pollId, postIds: [...ballot] } : null };
  }

  /** The latest open poll, as home lists it. */
  async current(): Promise<PollRow | null> {
    return findRows(sqliteOf(this.db), pollTable, { isClosed: false }, { orderBy: [['id', 'DESC']], limit: 1 })[0] ?? null;
  }

  /**
   * A poll as `viewer` may see it. While it is open, the counts stay hidden from whoever has not voted
   * yet, so nobody votes by the crowd; who has voted is public, as the progress line needs it.
   */
  async get(pollId: number, viewer: User | null): Promise<Poll> {
    return pollFor(await this.shared(pollId), viewer);
  }

  /** The poll as a meeting's room shows it: as a member who has not voted sees it, unless a moderator revealed its counts. */
  async forRoom(pollId: number, revealed: boolean): Promise<Poll> {
    const shared = await this.shared(pollId);
    return revealed ? shared.counted : pollFor(shared, null);
  }

  /**
   * Approval voting: the ballot lists every option the member approves of; a second ballot replaces the
   * first. Answers the poll as it stands now, whole, as Obskurnee answered (after the last active member's
   * ballot, the closed poll and what followed).
   */
  async vote(pollId: number, user: User, ballot: z.output<typeof voteSchema>): Promise<RoundUpdate> {
    const { shared, closed } = await this.cast(pollId, user, ballot);
    if (closed) return closed;
    const poll = pollFor(shared, user);
    let answer = this.voteAnswers.get(poll);
    if (!answer) this.voteAnswers.set(poll, (answer = Object.freeze({ poll, discussion: null, round: null, book: null })));
    return answer;
  }

  /** The same vote, answered by what it changed for the voter: their ballot, and the poll without its options and voters. */
  async voteForReceipt(pollId: number, user: User, ballot: z.output<typeof voteSchema>): Promise<VoteReceipt> {
    const { shared } = await this.cast(pollId, user, ballot);
    return { poll: pollState(pollFor(shared, user)), myVote: { pollId, postIds: [...(shared.ballots.get(user.id) ?? ballot.postIds)] } };
  }

  /**
   * Writes a ballot, checked in one transaction with the ballots that arrived with it (group-commit.ts), so
   * concurrent voters never lose or double a vote and nobody votes into a poll that just closed; then reads
   * the poll, which counts it. The last active member's ballot closes the poll (`closed`, what followed).
   */
  private async cast(pollId: number, user: User, { postIds }: z.output<typeof voteSchema>): Promise<{ shared: SharedPoll; closed: RoundUpdate | null }> {
    await this.ballots.submit({ pollId, userId: user.id, postIds });
    const shared = await this.shared(pollId);
    if (shared.counted.isClosed || !this.closeAfterLastVote || !this.hasEveryoneVoted(shared)) return { shared, closed: null };
    // Null when another last ballot closed it first; either way the poll is closed now.
    const closed = await this.closeAfterLastVote(pollId, user);
    return { shared: await this.shared(pollId), closed };
  }

  /**
   * Sets when an open poll closes itself, or clears it (null). Everyone hears of it (PollUpdated, or
   * PollChanged); the moderator gets the poll as they see it.
   */
  async setDeadline(pollId: number, user: User, { closesAt }: z.output<typeof pollDeadlineSchema>): Promise<Poll> {
    const problem = deadlineProblem(closesAt, this.clock.now());
    if (problem) throw new Invalid('validationFailed', {}, { closesAt: [problem] });
    writeTransaction(this.db, (sql) => {
      const poll = readPoll(sql, pollId);
      if (!poll) throw new NotFound('pollNotFound');
      if (poll.isClosed) throw new Conflict('pollClosed');
      setPollDeadline(sql, pollId, closesAt);
    });
    this.schedule.reschedule();
    await this.publishState(pollId);
    return this.get(pollId, user);
  }

  /** What closes a poll once every active member has voted (the rounds' workflow decides it: rounds.service.ts). */
  closeWhenEveryoneVoted(close: CloseAfterLastVote): void {
    this.closeAfterLastVote = close;
  }

  /** Pushes a poll that just closed to every client: closed, its counts are everyone's to see. */
  async broadcastClosed(pollId: number): Promise<void> {
    await this.publishState(pollId);
  }

  /**
   * Tells every client of the poll's new state (a deadline, a close), as a member who has not voted sees
   * it: without its options and voters, or whole (PollChanged) to clients that asked for nothing.
   */
  private async publishState(pollId: number): Promise<void> {
    const poll = await this.get(pollId, null);
    await this.hub.publish({ event: DELTA_EVENTS.pollUpdated, payload: pollState(poll), whole: { event: HUB_EVENTS.pollChanged, build: async () => poll } });
  }

  /**
   * At the end of a commit of ballots (inside its transaction): each poll they went into counts one change,
   * and once committed its clients hear who voted, the counts going to those who may see them (its voters;
   * while it is open nobody else), so nobody votes by the crowd. Votes had no event before; clients that
   * asked for nothing get none.
   */
  private countBallots(sql: BetterSqlite3.Database, written: Ballot[], batch: BallotBatch): () => void {
    const changes: LiveChange<typeof DELTA_EVENTS.voteCounted>[] = [];
    const committed: [number, CountedBallots][] = [];
    for (const pollId of new Set(written.map((ballot) => ballot.pollId))) {
      const version = this.views.writingBallots(sql, () => countPollChange(sql, pollId));
      const mine = written.filter((ballot) => ballot.pollId === pollId);
      // From the ballots before the batch when they are known (a storm's previous commit), else read.
      const before = this.views.ballotsAt(batch.state, pollId);
      const method = readPoll(sql, pollId)!.votingMethod;
      const after = before && ballotsAfter(before, mine, batch.castOn, method);
      const now: CountedBallots = after ? { ...after, version } : readCountedBallots(sql, pollId);
      committed.push([pollId, now]);
      const voted = new Set(mine.map((ballot) => ballot.userId));
      const voterIds = [...now.ballots.keys()].filter((userId) => voted.has(userId));
      const counted = { pollId, version, voterIds, ...countVotes(sql, pollId, now.ballots, method) };
      const hidden = { ...counted, votes: [], ...(counted.rankedRounds ? { rankedRounds: [] } : {}) };
      changes.push({ event: DELTA_EVENTS.voteCounted, payload: hidden, variant: { userIds: now.ballots.keys(), payload: counted } });
    }
    return () => {
      for (const [pollId, now] of committed) this.views.committed(sql, pollId, now);
      for (const change of changes) void this.hub.publish(change);
    };
  }

  private hasEveryoneVoted(shared: SharedPoll): boolean {
    let all = this.everyoneVoted.get(shared);
    if (all === undefined) {
      const { activeMembers } = shared.counted.results;
      all = activeMembers.length > 0 && activeMembers.every((member) => shared.ballots.has(member.userId));
      this.everyoneVoted.set(shared, all);
    }
    return all;
  }

  /**
   * Checks a ballot against its poll (open, its own options; a ranked ballot names each once, an approval
   * ballot's repeats count once), then writes it over any earlier one.
   */
  private castBallot(sql: BetterSqlite3.Database, { pollId, userId, postIds }: Ballot, castOn: string): void {
    const poll = readPoll(sql, pollId);
    if (!poll) throw new NotFound('pollNotFound');
    if (poll.isClosed) throw new Conflict('pollClosed');
    const options = new Set(pollOptionIds(sql, pollId));
    if (postIds.some((id) => !options.has(id))) {
      throw new Invalid('voteForeignOption', {}, { postIds: ['errors:voteForeignOption'] });
    }
    const ranked = poll.votingMethod === 'ranked';
    const choices = [...new Set(postIds)];
    if (ranked && choices.length !== postIds.length) throw new Invalid('voteRepeatedOption', {}, { postIds: ['errors:voteRepeatedOption'] });
    this.views.writingBallots(sql, () => recordBallot(sql, pollId, userId, choices, castOn, ranked));
  }

  private async shared(pollId: number): Promise<SharedPoll> {
    const shared = await this.views.of(sqliteOf(this.db), pollId);
    if (!shared) throw new NotFound('pollNotFound');
    return shared;
  }
}
