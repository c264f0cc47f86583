import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundWithSuggestions, useScratchDatabase } from '../../test-support/scratch-database';
import { findRow } from '../../db/table';
import { bookTable } from './book.entity';
import { createNextBook } from './book-writes';

const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';
const scratch = useScratchDatabase('book-writes', [ownerId]);

/** A round with a discussion and one suggestion in it: where a book comes from. */
function roundWithSuggestion(title: string): { roundId: number; postId: number } {
  const { roundId, postIds } = roundWithSuggestions(scratch.sql, { title, ownerId, createdOn }, [`${title} book`]);
  return { roundId, postId: postIds[0]! };
}

describe('book writes', () => {
  it('numbers each next book one after the highest so far', () => {
    const first = roundWithSuggestion('First');
    const second = roundWithSuggestion('Second');
    const one = createNextBook(scratch.sql, { ...first, createdOn });
    const two = createNextBook(scratch.sql, { ...second, createdOn: '2024-11-01T18:00:00.000Z' });
    expect([one.order, two.order]).toEqual([1, 2]);
    // Read back through the table's declaration: the writer and the declaration agree on every column.
    expect(findRow(scratch.sql, bookTable, { id: one.bookId })).toEqual({ id: one.bookId, order: 1, ...first, createdOn });
    expect(findRow(scratch.sql, bookTable, { id: two.bookId })).toMatchObject({ order: 2, ...second });
  });

  it('refuses a second book for the same round', () => {
    const round = roundWithSuggestion('Once');
    createNextBook(scratch.sql, { ...round, createdOn });
    expect(() => createNextBook(scratch.sql, { ...round, createdOn })).toThrow(/UNIQUE constraint failed: book.roundId/);
  });
});
