import type BetterSqlite3 from 'better-sqlite3';
import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import type { Poll, PollInfo } from '../../../shared/api/polls';
import { pollDeadlineSchema, voteSchema } from '../../../shared/api/polls';
import { deadlineProblem } from '../../../shared/api/instant';
import type { Clock } from '../../clock';
import { writeTransaction } from '../../db/write-transaction';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { sqliteOf } from '../../db/data-source';
import { findRows } from '../../db/table';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Hub } from '../../realtime/hub';
import { HUB_EVENTS } from '../../../shared/events';
import type { User } from '../accounts';
import type { DiscussionsService } from '../discussions';
import type { ClubSchedule } from '../schedule';
import { GroupCommit } from './group-commit';
import { pollTable, type PollRow } from './poll.entity';
import { pollFor, PollViews, type SharedPoll } from './poll-view';
import { pollOptionIds, readPoll, recordBallot, setPollDeadline } from './poll-writes';

/** Closes a poll after its last active member's ballot; null when it stays open (someone has yet to vote) or closed meanwhile. */
export type CloseAfterLastVote = (pollId: number, voter: User) => Promise<RoundUpdate | null>;

/** A member's ballot: the options they approve of. */
interface Ballot {
  pollId: number;
  userId: string;
  postIds: readonly number[];
}

export class PollsService {
  private readonly views: PollViews;
  private readonly ballots: GroupCommit<Ballot>;
  /** One answer object per state of a poll, so every voter who sees that state gets the same bytes (polls.routes.ts). */
  private readonly voteAnswers = new WeakMap<Poll, RoundUpdate>();
  /** Per state of a poll: has every member who takes part voted? Asked after each ballot of a storm. */
  private readonly everyoneVoted = new WeakMap<SharedPoll, boolean>();
  private closeAfterLastVote: CloseAfterLastVote | null = null;

  constructor(
    private readonly db: DataSource,
    discussions: DiscussionsService,
    private readonly hub: Pick<Hub, 'broadcast'>,
    /** The club's clock: a deadline must lie ahead of it. */
    private readonly clock: Clock,
    /** Told when a deadline is set or moved, so it fires then (deadlines.ts). */
    private readonly schedule: Pick<ClubSchedule, 'reschedule'>,
  ) {
    this.views = new PollViews((rows) => discussions.toPosts(rows));
    this.ballots = new GroupCommit(db, (sql, ballot) => this.castBallot(sql, ballot));
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

  /**
   * Approval voting: the ballot lists every option the member approves of; a second ballot replaces the
   * first. The ballot is checked and written in one transaction (with the ballots that arrived with it,
   * group-commit.ts), so concurrent voters never lose or double a vote and nobody votes into a poll that
   * just closed. The answer is read after the ballot is committed, so it counts it.
   */
  async vote(pollId: number, user: User, { postIds }: z.output<typeof voteSchema>): Promise<RoundUpdate> {
    await this.ballots.submit({ pollId, userId: user.id, postIds });
    let shared = await this.shared(pollId);
    if (!shared.counted.isClosed && this.closeAfterLastVote && this.hasEveryoneVoted(shared)) {
      // The last ballot closes the poll; its voter sees the result and what followed at once.
      const closed = await this.closeAfterLastVote(pollId, user);
      if (closed) return closed;
      // Another last ballot closed it first: answer the poll as it is now, closed.
      shared = await this.shared(pollId);
    }
    const poll = pollFor(shared, user);
    let answer = this.voteAnswers.get(poll);
    if (!answer) this.voteAnswers.set(poll, (answer = Object.freeze({ poll, discussion: null, round: null, book: null })));
    return answer;
  }

  /**
   * Sets when an open poll closes itself, or clears it (null). Everyone hears of it as PollChanged; the
   * moderator gets the poll as they see it.
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
    this.hub.broadcast(HUB_EVENTS.pollChanged, await this.get(pollId, null));
    return this.get(pollId, user);
  }

  /** What closes a poll once every active member has voted (the rounds' workflow decides it: rounds.service.ts). */
  closeWhenEveryoneVoted(close: CloseAfterLastVote): void {
    this.closeAfterLastVote = close;
  }

  /** Pushes a poll that just closed to every client: closed, its counts are everyone's to see. */
  async broadcastClosed(pollId: number): Promise<void> {
    this.hub.broadcast(HUB_EVENTS.pollChanged, await this.get(pollId, null));
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

  /** Checks a ballot against its poll (open, its own options), then writes it over any earlier one. */
  private castBallot(sql: BetterSqlite3.Database, { pollId, userId, postIds }: Ballot): void {
    const poll = readPoll(sql, pollId);
    if (!poll) throw new NotFound('pollNotFound');
    if (poll.isClosed) throw new Conflict('pollClosed');
    const options = new Set(pollOptionIds(sql, pollId));
    if (postIds.some((id) => !options.has(id))) {
      throw new Invalid('voteForeignOption', {}, { postIds: ['errors:voteForeignOption'] });
    }
    this.views.writingBallots(sql, () => recordBallot(sql, pollId, userId, postIds, new Date().toISOString()));
  }

  private async shared(pollId: number): Promise<SharedPoll> {
    const shared = await this.views.of(sqliteOf(this.db), pollId);
    if (!shared) throw new NotFound('pollNotFound');
    return shared;
  }
}
