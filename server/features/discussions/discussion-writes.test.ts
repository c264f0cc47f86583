import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { createRound } from '../rounds/round-writes';
import { findRow } from '../../db/table';
import { discussionTable } from './discussion.entity';
import { closeDiscussionIntoPoll, createDiscussion, createPost, editPost, postIdsOf, readDiscussion, readPost, type NewPost } from './discussion-writes';
import { postTable } from './post.entity';

let roundId: number;
const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';
const scratch = useScratchDatabase('discussion-writes', [ownerId]);

beforeAll(() => {
  roundId = createRound(scratch.sql, { title: 'Autumn', description: null, topic: 'Books', ownerId, createdOn });
});

const suggestion = (discussionId: number, title: string): NewPost => ({
  discussionId,
  ownerId,
  title,
  author: 'Frank Herbert',
  pageCount: 412,
  year: 1965,
  url: 'https://www.goodreads.com/book/show/1',
  imageUrl: 'https://images.example/1.jpg',
  text: 'Why *we* should',
  renderedText: '<p>Why <em>we</em> should</p>',
  parentPostId: null,
  parentRecommendationId: 7,
  hasSpoilers: true,
  createdOn,
  modifiedOn: '2024-10-02T18:00:00.000Z',
});

// Rows are read back through the tables' declarations: the writers and the declarations must agree on every column.
describe('discussion writes', () => {
  it('a new discussion is open, with its fields', () => {
    const id = createDiscussion(scratch.sql, { roundId, title: 'Autumn: book suggestions', description: 'Cosy', topic: 'Books', ownerId, createdOn });
    const row = findRow(scratch.sql, discussionTable, { id });
    expect(row).toEqual({
      id,
      roundId,
      title: 'Autumn: book suggestions',
      description: 'Cosy',
      topic: 'Books',
      isClosed: false,
      pollId: null,
      ownerId,
      createdOn,
      version: 0,
    });
    expect(readDiscussion(scratch.sql, id)).toEqual(row);
    expect(readDiscussion(scratch.sql, id + 1000)).toBeUndefined();
  });

  it('closing a discussion into its poll marks it closed and links the poll', () => {
    const id = createDiscussion(scratch.sql, { roundId, title: 'To close', description: null, topic: 'Themes', ownerId, createdOn });
    const other = createDiscussion(scratch.sql, { roundId, title: 'Stays open', description: null, topic: 'Themes', ownerId, createdOn });
    closeDiscussionIntoPoll(scratch.sql, id, 42);
    expect(findRow(scratch.sql, discussionTable, { id })).toMatchObject({ isClosed: true, pollId: 42, version: 1 });
    expect(readDiscussion(scratch.sql, id)).toMatchObject({ isClosed: true, pollId: 42 });
    expect(readDiscussion(scratch.sql, other)).toMatchObject({ isClosed: false, pollId: null, version: 0 });
  });

  it('every post added to a discussion or edited is one more change to it (its version), and to no other', () => {
    const discussionId = createDiscussion(scratch.sql, { roundId, title: 'Counted', description: null, topic: 'Books', ownerId, createdOn });
    const elsewhere = createDiscussion(scratch.sql, { roundId, title: 'Not counted', description: null, topic: 'Books', ownerId, createdOn });
    const id = createPost(scratch.sql, suggestion(discussionId, 'Dune'));
    createPost(scratch.sql, suggestion(discussionId, 'Emma'));
    expect(editPost(scratch.sql, { id, discussionId }, { title: 'Dune Messiah' })).toBe(3);
    expect(readDiscussion(scratch.sql, discussionId)!.version).toBe(3);
    expect(readPost(scratch.sql, id)!.title).toBe('Dune Messiah');
    expect(readDiscussion(scratch.sql, elsewhere)!.version).toBe(0);
  });

  it('a post keeps every field it is given', () => {
    const discussionId = createDiscussion(scratch.sql, { roundId, title: 'Posts', description: null, topic: 'Books', ownerId, createdOn });
    const id = createPost(scratch.sql, suggestion(discussionId, 'Dune'));
    const row = findRow(scratch.sql, postTable, { id });
    expect(row).toEqual({ id, ...suggestion(discussionId, 'Dune') });
    expect(readPost(scratch.sql, id)).toEqual(row);
  });

  it("lists a discussion's posts oldest first, and only its own", () => {
    const discussionId = createDiscussion(scratch.sql, { roundId, title: 'Listed', description: null, topic: 'Books', ownerId, createdOn });
    const elsewhere = createDiscussion(scratch.sql, { roundId, title: 'Elsewhere', description: null, topic: 'Books', ownerId, createdOn });
    const first = createPost(scratch.sql, suggestion(discussionId, 'First'));
    createPost(scratch.sql, suggestion(elsewhere, 'Not here'));
    const second = createPost(scratch.sql, suggestion(discussionId, 'Second'));
    expect(postIdsOf(scratch.sql, discussionId)).toEqual([first, second]);
    expect(postIdsOf(scratch.sql, discussionId + 1000)).toEqual([]);
  });
});
