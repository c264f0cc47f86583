import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import { profile } from '../../test-support/profiles';
import { canEditPost, repostLink, repostTarget } from './post-permissions';

const member = profile({ userId: 'me' });
const moderator = profile({ userId: 'mod', isModerator: true });
const myPost = { postId: 5, discussionId: 1, ownerId: 'me' } as Post;
const theirPost = { postId: 6, discussionId: 1, ownerId: 'someone' } as Post;
const openBooks = { discussionId: 9, title: 'Round 2: book suggestions', topic: 'Books' as const, isClosed: false };

describe('who may edit a suggestion', () => {
  it('an owner edits their own while the discussion is open', () => {
    expect(canEditPost(member, myPost, { isClosed: false })).toBe(true);
    expect(canEditPost(member, myPost, { isClosed: true })).toBe(false);
    expect(canEditPost(member, theirPost, { isClosed: false })).toBe(false);
  });

  it('a moderator edits any, any time', () => {
    expect(canEditPost(moderator, theirPost, { isClosed: true })).toBe(true);
  });

  it('a visitor edits nothing', () => {
    expect(canEditPost(null, myPost, { isClosed: false })).toBe(false);
  });
});

describe('reposting a suggestion', () => {
  it('goes to the open Books discussion from an earlier Books discussion', () => {
    expect(repostTarget(openBooks, { discussionId: 1, topic: 'Books' })).toBe(9);
    expect(repostLink(9, myPost)).toBe('/navrhy/9?parentPostId=5&fromDiscussionId=1');
  });

  it('is not offered within the same discussion, for themes, or without an open Books discussion', () => {
    expect(repostTarget(openBooks, { discussionId: 9, topic: 'Books' })).toBeNull();
    expect(repostTarget(openBooks, { discussionId: 1, topic: 'Themes' })).toBeNull();
    expect(repostTarget({ ...openBooks, topic: 'Themes' }, { discussionId: 1, topic: 'Books' })).toBeNull();
    expect(repostTarget({ ...openBooks, isClosed: true }, { discussionId: 1, topic: 'Books' })).toBeNull();
    expect(repostTarget(null, { discussionId: 1, topic: 'Books' })).toBeNull();
  });
});
