import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { findRow } from '../../db/table';
import { roundTable } from './round.entity';
import { createRound, readRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from './round-writes';

const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';
const scratch = useScratchDatabase('round-writes', [ownerId]);

/** The round as read back through its table's declaration: the writers and the declaration must agree on every column. */
const stored = (id: number) => findRow(scratch.sql, roundTable, { id })!;

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
  it('a new round has its fields and no step taken', () => {
    const id = createRound(scratch.sql, { title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn });
    expect(stored(id)).toEqual({ id, title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn, ...unlinked });
    expect(readRound(scratch.sql, id)).toEqual(stored(id));
    expect(readRound(scratch.sql, id + 1000)).toBeUndefined();
  });

  it("a Books round's steps fill its book slots", () => {
    const id = createRound(scratch.sql, { title: 'Books', description: null, topic: 'Books', ownerId, createdOn });
    setRoundDiscussion(scratch.sql, id, 'Books', 11);
    setRoundPoll(scratch.sql, id, 'Books', 12);
    setRoundTiebreaker(scratch.sql, id, 'Books', 13);
    setRoundBook(scratch.sql, id, 14);
    expect(stored(id)).toMatchObject({ ...unlinked, bookDiscussionId: 11, bookPollId: 12, bookTiebreakerPollId: 13, bookId: 14 });
  });

  it("a Themes round's steps fill its theme slots, then its book discussion", () => {
    const id = createRound(scratch.sql, { title: 'Themes', description: null, topic: 'Themes', ownerId, createdOn });
    setRoundDiscussion(scratch.sql, id, 'Themes', 21);
    setRoundPoll(scratch.sql, id, 'Themes', 22);
    setRoundTiebreaker(scratch.sql, id, 'Themes', 23);
    setRoundDiscussion(scratch.sql, id, 'Books', 24);
    expect(stored(id)).toMatchObject({ ...unlinked, themeDiscussionId: 21, themePollId: 22, themeTiebreakerPollId: 23, bookDiscussionId: 24 });
  });

  it('links change only their own round', () => {
    const one = createRound(scratch.sql, { title: 'One', description: null, topic: 'Books', ownerId, createdOn });
    const two = createRound(scratch.sql, { title: 'Two', description: null, topic: 'Books', ownerId, createdOn });
    setRoundPoll(scratch.sql, one, 'Books', 31);
    expect(stored(two).bookPollId).toBeNull();
  });
});
