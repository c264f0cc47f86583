import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../../db/data-source';
import { createDiscussion, createPost } from '../discussions/discussion-writes';
import { createRound } from '../rounds/round-writes';
import { PollEntity, PollOptionEntity, VoteEntity } from './poll.entity';
import { closePollWithOutcome, createPoll, pollBallots, pollOptionIds, readPoll, recordBallot, type NewPoll } from './poll-writes';

let dataDir: string;
let db: DataSource;
let sql: BetterSqlite3.Database;
let poll: NewPoll;
let postIds: number[];
const [ann, ben] = [crypto.randomUUID(), crypto.randomUUID()];
const createdOn = '2024-10-01T18:00:00.000Z';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-poll-writes-'));
  db = await openDatabase(dataDir);
  sql = sqliteOf(db);
  for (const id of [ann, ben]) sql.prepare(`INSERT INTO "user" ("id", "email") VALUES (?, ?)`).run(id, `${id}@club.test`);
  const roundId = createRound(sql, { title: 'Autumn', description: null, topic: 'Books', ownerId: ann, createdOn });
  const discussionId = createDiscussion(sql, { roundId, title: 'Autumn', description: null, topic: 'Books', ownerId: ann, createdOn });
  postIds = ['Dune', 'Emma', 'Ulysses'].map((title) =>
    createPost(sql, {
      discussionId,
      ownerId: ann,
      title,
      author: null,
      pageCount: null,
      url: null,
      imageUrl: null,
      text: null,
      renderedText: null,
      parentPostId: null,
      parentRecommendationId: null,
      createdOn,
      modifiedOn: createdOn,
    }),
  );
  poll = { discussionId, roundId, title: 'Autumn: vote', topic: 'Books', previousPollId: null, ownerId: ann, createdOn };
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Rows are read back through TypeORM's entity: the writers and the entity must agree on every column.
describe('poll writes', () => {
  it('a new poll is open, with its options in the given order', async () => {
    const [dune, emma, ulysses] = postIds as [number, number, number];
    const id = createPoll(sql, poll, [ulysses, dune, emma]);
    const row = await db.getRepository(PollEntity).findOneByOrFail({ id });
    expect(row).toEqual({
      id,
      ...poll,
      isClosed: false,
      isTiebreaker: false,
      winnerPostId: null,
      decidedByLot: false,
      followupKind: null,
      followupId: null,
    });
    expect(readPoll(sql, id)).toEqual(row);
    expect(await db.getRepository(PollOptionEntity).find({ where: { pollId: id }, order: { position: 'ASC' } })).toEqual([
      { pollId: id, postId: ulysses, position: 0 },
      { pollId: id, postId: dune, position: 1 },
      { pollId: id, postId: emma, position: 2 },
    ]);
    expect(pollOptionIds(sql, id)).toEqual([ulysses, dune, emma]);
  });

  it('a poll that follows another is its tiebreaker, and there is only one', async () => {
    const first = createPoll(sql, poll, postIds);
    const tiebreaker = createPoll(sql, { ...poll, title: 'Tiebreaker', previousPollId: first }, postIds.slice(0, 2));
    expect(await db.getRepository(PollEntity).findOneByOrFail({ id: tiebreaker })).toMatchObject({ isTiebreaker: true, previousPollId: first });
    expect(() => createPoll(sql, { ...poll, previousPollId: first }, [])).toThrow(/UNIQUE constraint failed: poll.previousPollId/);
  });

  it('closing a poll records its outcome', async () => {
    const id = createPoll(sql, poll, postIds);
    const other = createPoll(sql, poll, postIds);
    closePollWithOutcome(sql, id, { winnerPostId: postIds[1]!, decidedByLot: true, followupKind: 'Book', followupId: 9 });
    expect(await db.getRepository(PollEntity).findOneByOrFail({ id })).toMatchObject({
      isClosed: true,
      winnerPostId: postIds[1],
      decidedByLot: true,
      followupKind: 'Book',
      followupId: 9,
    });
    expect(readPoll(sql, other)).toMatchObject({ isClosed: false, winnerPostId: null, decidedByLot: false, followupKind: null });
  });

  it("a ballot replaces the member's earlier one, ticks and time, and leaves others' alone", async () => {
    const [dune, emma, ulysses] = postIds as [number, number, number];
    const id = createPoll(sql, poll, postIds);
    expect(pollBallots(sql, id)).toEqual(new Map());
    recordBallot(sql, id, ann, [dune, emma], createdOn);
    recordBallot(sql, id, ben, [emma], createdOn);
    recordBallot(sql, id, ann, [ulysses], '2024-10-03T18:00:00.000Z');
    expect(pollBallots(sql, id)).toEqual(new Map([[ann, [ulysses]], [ben, [emma]]]));
    expect(await db.getRepository(VoteEntity).find({ where: { pollId: id }, order: { userId: 'ASC' } })).toEqual(
      [
        { pollId: id, userId: ann, createdOn: '2024-10-03T18:00:00.000Z' },
        { pollId: id, userId: ben, createdOn },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it('a ballot only ticks options of its poll', () => {
    const id = createPoll(sql, poll, postIds.slice(0, 1));
    expect(() => recordBallot(sql, id, ann, [postIds[2]!], createdOn)).toThrow(/FOREIGN KEY constraint failed/);
  });
});
