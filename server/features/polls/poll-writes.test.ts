import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundWithSuggestions, useScratchDatabase } from '../../test-support/scratch-database';
import { findRow, findRows } from '../../db/table';
import { pollOptionTable, pollTable, voteTable } from './poll.entity';
import { closePollWithOutcome, createPoll, pollBallots, pollOptionIds, readPoll, recordBallot, type NewPoll } from './poll-writes';

let poll: NewPoll;
let postIds: number[];
const [ann, ben] = [crypto.randomUUID(), crypto.randomUUID()];
const createdOn = '2024-10-01T18:00:00.000Z';
const scratch = useScratchDatabase('poll-writes', [ann, ben]);

beforeAll(() => {
  const round = roundWithSuggestions(scratch.sql, { title: 'Autumn', ownerId: ann, createdOn }, ['Dune', 'Emma', 'Ulysses']);
  postIds = round.postIds;
  poll = {
    discussionId: round.discussionId,
    roundId: round.roundId,
    title: 'Autumn: vote',
    topic: 'Books',
    previousPollId: null,
    ownerId: ann,
    createdOn,
    votingMethod: 'approval',
  };
});

// Rows are read back through the tables' declarations: the writers and the declarations must agree on every column.
describe('poll writes', () => {
  it('a new poll is open, with its options in the given order', () => {
    const [dune, emma, ulysses] = postIds as [number, number, number];
    const id = createPoll(scratch.sql, poll, [ulysses, dune, emma]);
    const row = findRow(scratch.sql, pollTable, { id });
    expect(row).toEqual({
      id,
      ...poll,
      isClosed: false,
      isTiebreaker: false,
      winnerPostId: null,
      decidedByLot: false,
      followupKind: null,
      followupId: null,
      closesAt: null,
      reminderSentOn: null,
      deadlineMissedOn: null,
      version: 0,
      closedOn: null,
    });
    expect(readPoll(scratch.sql, id)).toEqual(row);
    expect(findRows(scratch.sql, pollOptionTable, { pollId: id }, { orderBy: 'position' })).toEqual([
      { pollId: id, postId: ulysses, position: 0 },
      { pollId: id, postId: dune, position: 1 },
      { pollId: id, postId: emma, position: 2 },
    ]);
    expect(pollOptionIds(scratch.sql, id)).toEqual([ulysses, dune, emma]);
  });

  it('a poll that follows another is its tiebreaker, and there is only one', () => {
    const first = createPoll(scratch.sql, poll, postIds);
    const tiebreaker = createPoll(scratch.sql, { ...poll, title: 'Tiebreaker', previousPollId: first }, postIds.slice(0, 2));
    expect(findRow(scratch.sql, pollTable, { id: tiebreaker })).toMatchObject({ isTiebreaker: true, previousPollId: first });
    expect(() => createPoll(scratch.sql, { ...poll, previousPollId: first }, [])).toThrow(/UNIQUE constraint failed: poll.previousPollId/);
  });

  it('closing a poll records its outcome', () => {
    const id = createPoll(scratch.sql, poll, postIds);
    const other = createPoll(scratch.sql, poll, postIds);
    closePollWithOutcome(scratch.sql, id, { winnerPostId: postIds[1]!, decidedByLot: true, followupKind: 'Book', followupId: 9, closedOn: null });
    expect(findRow(scratch.sql, pollTable, { id })).toMatchObject({
      isClosed: true,
      winnerPostId: postIds[1],
      decidedByLot: true,
      followupKind: 'Book',
      followupId: 9,
      version: 1,
    });
    expect(readPoll(scratch.sql, other)).toMatchObject({ isClosed: false, winnerPostId: null, decidedByLot: false, followupKind: null, version: 0 });
  });

  it("a ballot replaces the member's earlier one, ticks and time, and leaves others' alone", () => {
    const [dune, emma, ulysses] = postIds as [number, number, number];
    const id = createPoll(scratch.sql, poll, postIds);
    expect(pollBallots(scratch.sql, id)).toEqual(new Map());
    recordBallot(scratch.sql, id, ann, [dune, emma], createdOn);
    recordBallot(scratch.sql, id, ben, [emma], createdOn);
    recordBallot(scratch.sql, id, ann, [ulysses], '2024-10-03T18:00:00.000Z');
    expect(pollBallots(scratch.sql, id)).toEqual(
      new Map([
        [ann, [ulysses]],
        [ben, [emma]],
      ]),
    );
    expect(findRows(scratch.sql, voteTable, { pollId: id }, { orderBy: 'userId' })).toEqual(
      [
        { pollId: id, userId: ann, createdOn: '2024-10-03T18:00:00.000Z' },
        { pollId: id, userId: ben, createdOn },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it('a ballot only ticks options of its poll', () => {
    const id = createPoll(scratch.sql, poll, postIds.slice(0, 1));
    expect(() => recordBallot(scratch.sql, id, ann, [postIds[2]!], createdOn)).toThrow(/FOREIGN KEY constraint failed/);
  });
});
