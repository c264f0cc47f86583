import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { RoundEntity } from './round.entity';
import { createRound, readRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from './round-writes';

const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';
const scratch = useScratchDatabase('round-writes', [ownerId]);

/** The round as TypeORM reads it through the entity: the writers and the entity must agree on every column. */
const stored = (id: number) => scratch.db.getRepository(RoundEntity).findOneByOrFail({ id });

const unlinked = {
  themeDiscussionId: null,
  themePollId: null,
  themeTiebreakerPollId: null,
  bookDiscussionId: null,
  bookPollId: null,
  bookTiebreakerPollId: null,
  bookId: null,
};

describe('round writes', () => {
  it('a new round has its fields and no step taken', async () => {
    const id = createRound(scratch.sql, { title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn });
    expect(await stored(id)).toEqual({ id, title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn, ...unlinked });
    expect(readRound(scratch.sql, id)).toEqual(await stored(id));
    expect(readRound(scratch.sql, id + 1000)).toBeUndefined();
  });

  it("a Books round's steps fill its book slots", async () => {
    const id = createRound(scratch.sql, { title: 'Books', description: null, topic: 'Books', ownerId, createdOn });
    setRoundDiscussion(scratch.sql, id, 'Books', 11);
    setRoundPoll(scratch.sql, id, 'Books', 12);
    setRoundTiebreaker(scratch.sql, id, 'Books', 13);
    setRoundBook(scratch.sql, id, 14);
    expect(await stored(id)).toMatchObject({ ...unlinked, bookDiscussionId: 11, bookPollId: 12, bookTiebreakerPollId: 13, bookId: 14 });
  });

  it("a Themes round's steps fill its theme slots, then its book discussion", async () => {
    const id = createRound(scratch.sql, { title: 'Themes', description: null, topic: 'Themes', ownerId, createdOn });
    setRoundDiscussion(scratch.sql, id, 'Themes', 21);
    setRoundPoll(scratch.sql, id, 'Themes', 22);
    setRoundTiebreaker(scratch.sql, id, 'Themes', 23);
    setRoundDiscussion(scratch.sql, id, 'Books', 24);
    expect(await stored(id)).toMatchObject({ ...unlinked, themeDiscussionId: 21, themePollId: 22, themeTiebreakerPollId: 23, bookDiscussionId: 24 });
  });

  it('links change only their own round', async () => {
    const one = createRound(scratch.sql, { title: 'One', description: null, topic: 'Books', ownerId, createdOn });
    const two = createRound(scratch.sql, { title: 'Two', description: null, topic: 'Books', ownerId, createdOn });
    setRoundPoll(scratch.sql, one, 'Books', 31);
    expect((await stored(two)).bookPollId).toBeNull();
  });
});
