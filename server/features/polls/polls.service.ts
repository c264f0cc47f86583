import type { z } from 'zod';
import { In, IsNull, type DataSource, type Repository } from 'typeorm';
import type { Poll, PollInfo, VoterSummary } from '../../../shared/api/polls';
import { voteSchema } from '../../../shared/api/polls';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { displayName, UserEntity, type User } from '../accounts';
import { PostEntity, type DiscussionsService, type PostRow } from '../discussions';
import { PollEntity, PollOptionEntity, VoteChoiceEntity, VoteEntity, type PollRow } from './poll.entity';
import { pollOptionIds, readPoll, recordBallot } from './poll-writes';
import { tally } from './tally';

/** One collator for every sort: `localeCompare` builds its comparison anew on each call (1,000 voters). */
const BY_NAME = new Intl.Collator();

export class PollsService {
  private readonly polls: Repository<PollRow>;

  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
  ) {
    this.polls = db.getRepository(PollEntity);
  }

  async info(pollId: number, viewer: User): Promise<PollInfo> {
    const poll = await this.get(pollId, viewer);
    const choices = await this.db.getRepository(VoteChoiceEntity).find({ where: { pollId, userId: viewer.id }, order: { postId: 'ASC' } });
    const voted = poll.results.alreadyVoted.includes(viewer.id);
    return { poll, myVote: voted ? { pollId, postIds: choices.map((c) => c.postId) } : null };
  }

  /** The latest open poll, as home lists it. */
  current(): Promise<PollRow | null> {
    return this.polls.findOne({ where: { isClosed: false }, order: { id: 'DESC' } });
  }

  /**
   * A poll as `viewer` may see it. While it is open, the counts stay hidden from whoever has not voted
   * yet, so nobody votes by the crowd; who has voted is public, as the progress line needs it.
   */
  async get(pollId: number, viewer: User | null): Promise<Poll> {
    const row = await this.polls.findOneBy({ id: pollId });
    if (!row) throw new NotFound('pollNotFound');
    const options = await this.db.getRepository(PollOptionEntity).find({ where: { pollId }, order: { position: 'ASC' } });
    const postRows = await this.db.getRepository(PostEntity).findBy({ id: In(options.map((o) => o.postId)) });
    const byId = new Map(postRows.map((post) => [post.id, post]));
    const posts = await this.discussions.toPosts(options.map((o) => byId.get(o.postId)).filter((p): p is PostRow => !!p));

    const votes = await this.db.getRepository(VoteEntity).find({ where: { pollId }, order: { createdOn: 'ASC' } });
    const choices = await this.db.getRepository(VoteChoiceEntity).findBy({ pollId });
    const ballots = new Map(votes.map((vote) => [vote.userId, [] as number[]]));
    for (const choice of choices) ballots.get(choice.userId)?.push(choice.postId);
    const alreadyVoted = votes.map((vote) => vote.userId);
    const canSeeCounts = !!row.isClosed || (!!viewer && ballots.has(viewer.id));

    return {
      pollId: row.id,
      discussionId: row.discussionId,
      roundId: row.roundId,
      title: row.title,
      topic: row.topic,
      isClosed: !!row.isClosed,
      isTiebreaker: !!row.isTiebreaker,
      previousPollId: row.previousPollId,
      options: posts,
      results: {
        votes: canSeeCounts ? tally(options.map((o) => o.postId), [...ballots.values()]) : [],
        alreadyVoted,
        winnerPostId: row.winnerPostId,
        activeMembers: await this.activeMembers(),
      },
      followupLink: row.followupKind && row.followupId ? { kind: row.followupKind, entityId: row.followupId } : null,
      decidedByLot: !!row.decidedByLot,
      createdOn: row.createdOn,
    };
  }

  /**
   * Approval voting: the ballot lists every option the member approves of; a second ballot replaces the
   * first. One transaction checks the poll is open and the options are its own, then writes the ballot,
   * so concurrent voters never lose or double a vote and nobody votes into a poll that just closed.
   */
  async vote(pollId: number, user: User, { postIds }: z.output<typeof voteSchema>): Promise<RoundUpdate> {
    writeTransaction(this.db, (sql) => {
      const poll = readPoll(sql, pollId);
      if (!poll) throw new NotFound('pollNotFound');
      if (poll.isClosed) throw new Conflict('pollClosed');
      const options = new Set(pollOptionIds(sql, pollId));
      if (postIds.some((id) => !options.has(id))) {
        throw new Invalid('voteForeignOption', {}, { postIds: ['errors:voteForeignOption'] });
      }
      recordBallot(sql, pollId, user.id, postIds, new Date().toISOString());
    });
    return { poll: await this.get(pollId, user), discussion: null, round: null, book: null };
  }

  /** Members who take part in the club's votes: active, not disabled, and never bots. */
  private async activeMembers(): Promise<VoterSummary[]> {
    const users = await this.db.getRepository(UserEntity).find({
      where: { isActiveParticipant: true, isBot: false, disabledOn: IsNull() },
      select: { id: true, name: true, email: true },
    });
    return users
      .map((user) => ({ userId: user.id, name: displayName(user) }))
      .sort((a, b) => BY_NAME.compare(a.name, b.name));
  }
}
