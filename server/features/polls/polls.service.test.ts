import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import { Invalid } from '../../http/errors';
import { systemClock } from '../../clock';
import { updateRows } from '../../db/table';
import { roundWithSuggestions, useScratchDatabase } from '../../test-support/scratch-database';
import { userTable, type User } from '../accounts';
import type { DiscussionsService, PostRow } from '../discussions';
import { closePollWithOutcome, createPoll, pollBallots } from './poll-writes';
import { PollsService } from './polls.service';

const ids: string[] = Array.from({ length: 30 }, () => crypto.randomUUID());
const scratch = useScratchDatabase('polls-service', ids);
const createdOn = '2024-10-01T18:00:00.000Z';

/** Only what the service reads of an account. */
const member = (id: string) => ({ id }) as User;
const [ann, ben, cid] = ids.map(member) as [User, User, User];

/** Options as posts, counted: how often the service reads a poll's options tells how often it reads the poll. */
let postReads = 0;
const discussions = {
  async toPosts(rows: PostRow[]): Promise<Post[]> {
    postReads += 1;
    return rows.map((row) => ({ postId: row.id, title: row.title }) as Post);
  },
} as DiscussionsService;

let round: ReturnType<typeof roundWithSuggestions>;
let pollId: number;
let polls: PollsService;

beforeAll(() => {
  round = roundWithSuggestions(scratch.sql, { title: 'Autumn', ownerId: ids[0]!, createdOn }, ['Dune', 'Emma', 'Ulysses']);
  ids.forEach((id, i) => updateRows(scratch.sql, userTable, { id }, { name: `Reader ${String(i).padStart(2, '0')}` }));
});

beforeEach(() => {
  pollId = createPoll(
    scratch.sql,
    {
      discussionId: round.discussionId,
      roundId: round.roundId,
      title: 'Autumn: vote',
      topic: 'Books',
      previousPollId: null,
      ownerId: ann.id,
      createdOn,
      votingMethod: 'approval',
    },
    round.postIds,
  );
  polls = new PollsService(scratch.db, discussions, { publish: async () => {} }, systemClock, { reschedule: () => {} });
  postReads = 0;
});

const [dune, emma, ulysses] = [0, 1, 2].map((i) => () => round.postIds[i]!) as [() => number, () => number, () => number];
const vote = (user: User, postIds: number[]) => polls.vote(pollId, user, { postIds });
const sum = (counts: { votes: number }[]) => counts.reduce((total, count) => total + count.votes, 0);

describe('voting', () => {
  it('of two ballots a member sends together, the later one stands: never both, never a mix', async () => {
    const answers = await Promise.all([vote(ann, [dune(), emma()]), vote(ann, [ulysses()])]);

    expect(pollBallots(scratch.sql, pollId)).toEqual(new Map([[ann.id, [ulysses()]]]));
    for (const { poll } of answers) {
      expect(poll!.results.alreadyVoted).toEqual([ann.id]);
      expect(poll!.results.votes).toEqual([
        { postId: ulysses(), votes: 1, percentage: 100 },
        { postId: dune(), votes: 0, percentage: 0 },
        { postId: emma(), votes: 0, percentage: 0 },
      ]);
    }
    expect((await polls.info(pollId, ann)).myVote).toEqual({ pollId, postIds: [ulysses()] });
  });

  it("every member voting at once: each ballot is kept once, as sent, and counted in its voter's answer", async () => {
    const ballotOf = (i: number) => (i % 3 === 0 ? [ulysses(), dune()] : [[dune()], [emma()], [ulysses()]][i % 3]!);
    const answers = await Promise.all(ids.map((id, i) => vote(member(id), ballotOf(i))));

    const stored = pollBallots(scratch.sql, pollId);
    expect(stored.size).toBe(ids.length);
    ids.forEach((id, i) => expect([...stored.get(id)!].sort()).toEqual([...ballotOf(i)].sort()));
    answers.forEach(({ poll }, i) => {
      expect(poll!.results.alreadyVoted).toContain(ids[i]);
      // The counts are those of the ballots listed, nothing more or less.
      const listed = poll!.results.alreadyVoted.map((id) => ballotOf(ids.indexOf(id)).length);
      expect(sum(poll!.results.votes)).toBe(listed.reduce((a, b) => a + b, 0));
    });
    for (const [i, id] of ids.entries()) {
      expect((await polls.info(pollId, member(id))).myVote).toEqual({ pollId, postIds: [...ballotOf(i)].sort((a, b) => a - b) });
    }
  });

  it('a refused ballot sinks none of those sent with it', async () => {
    const outcomes = await Promise.allSettled([vote(ann, [dune()]), vote(ben, [emma(), 999_999]), vote(cid, [emma()])]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(Invalid);
    expect(pollBallots(scratch.sql, pollId)).toEqual(
      new Map([
        [ann.id, [dune()]],
        [cid.id, [emma()]],
      ]),
    );
  });

  it('nobody votes into a closed poll, however many vote at once', async () => {
    closePollWithOutcome(scratch.sql, pollId, { winnerPostId: null, decidedByLot: false, followupKind: null, followupId: null, closedOn: null });
    const outcomes = await Promise.allSettled([vote(ann, [dune()]), vote(ben, [emma()])]);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['pollClosed', 'pollClosed']);
    expect(pollBallots(scratch.sql, pollId).size).toBe(0);
  });
});

describe('what each member sees', () => {
  it('while the poll is open, only voters see the counts; their own ballot is theirs alone', async () => {
    await Promise.all([vote(ann, [dune()]), vote(ben, [emma(), ulysses()])]);

    const forAnn = await polls.info(pollId, ann);
    const forBen = await polls.info(pollId, ben);
    const forCid = await polls.info(pollId, cid);
    expect(forAnn.myVote).toEqual({ pollId, postIds: [dune()] });
    expect(forBen.myVote).toEqual({ pollId, postIds: [emma(), ulysses()].sort((a, b) => a - b) });
    expect(forCid.myVote).toBeNull();
    expect(sum(forAnn.poll.results.votes)).toBe(3);
    expect(forBen.poll.results.votes).toEqual(forAnn.poll.results.votes);
    expect(forCid.poll.results.votes).toEqual([]);
    expect(forCid.poll.results.alreadyVoted).toEqual(forAnn.poll.results.alreadyVoted);

    closePollWithOutcome(scratch.sql, pollId, { winnerPostId: dune(), decidedByLot: false, followupKind: null, followupId: null, closedOn: null });
    expect((await polls.info(pollId, cid)).poll.results.votes).toEqual(forAnn.poll.results.votes);
    expect((await polls.get(pollId, null)).results.votes).toEqual(forAnn.poll.results.votes);
  });

  it('an answer given to one member cannot be changed under another', async () => {
    await vote(ann, [dune()]);
    const { poll } = await polls.info(pollId, ann);
    expect(() => poll.results.alreadyVoted.push(ben.id)).toThrow(TypeError);
    expect((await polls.info(pollId, ben)).poll.results.alreadyVoted).toEqual([ann.id]);
  });
});

describe('a poll is read once for each state of the database', () => {
  const nameOf = async (user: User, viewer = ann) => (await polls.info(pollId, viewer)).poll.results.activeMembers.find((m) => m.userId === user.id)?.name;

  it('reads share one reading until something changes', async () => {
    const [first, second] = await Promise.all([polls.info(pollId, ann), polls.info(pollId, ben)]);
    expect(await polls.info(pollId, ann)).toEqual(first);
    expect(second.poll.options.map((o) => o.title)).toEqual(['Dune', 'Emma', 'Ulysses']);
    expect(postReads).toBe(1);
  });

  it('a ballot is counted at once, without reading the rest of the poll again', async () => {
    await polls.info(pollId, ann);
    await vote(ben, [emma()]);
    expect((await polls.info(pollId, ann)).poll.results.alreadyVoted).toEqual([ben.id]);
    expect(postReads).toBe(1);
  });

  it('any other change is seen at once: on this connection, or committed by another', async () => {
    expect(await nameOf(ben)).toBe('Reader 01');
    updateRows(scratch.sql, userTable, { id: ben.id }, { name: 'Benedikt' });
    expect(await nameOf(ben)).toBe('Benedikt');

    const other = new Database(scratch.sql.name);
    try {
      updateRows(other, userTable, { id: ben.id }, { disabledOn: createdOn });
    } finally {
      other.close();
    }
    expect(await nameOf(ben)).toBeUndefined();
    updateRows(scratch.sql, userTable, { id: ben.id }, { disabledOn: null, name: 'Reader 01' });
    expect(await nameOf(ben)).toBe('Reader 01');
  });

  it('what a transaction has written but not committed is answered, never kept', async () => {
    expect(await nameOf(cid)).toBe('Reader 02');
    scratch.sql.exec('BEGIN');
    updateRows(scratch.sql, userTable, { id: cid.id }, { name: 'Not yet' });
    expect(await nameOf(cid)).toBe('Not yet');
    scratch.sql.exec('ROLLBACK');
    expect(await nameOf(cid)).toBe('Reader 02');
  });

  it('a poll that does not exist is not found, and is looked for again', async () => {
    await expect(polls.info(999_999, ann)).rejects.toThrow('pollNotFound');
    await expect(polls.vote(999_999, ann, { postIds: [dune()] })).rejects.toThrow('pollNotFound');
  });
});
