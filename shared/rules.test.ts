import { describe, expect, it } from 'vitest';
import { isModerator, mayChange, pitchesAgain, postEditRefusal, recommendationSuggestionRefusal, repostRefusal, type Actor } from './rules';

const member: Actor = { userId: 'me', isModerator: false, isAdmin: false };
const moderator: Actor = { userId: 'mod', isModerator: true, isAdmin: false };
const admin: Actor = { userId: 'admin', isModerator: false, isAdmin: true };

describe('the rules both sides share', () => {
  it('count admins as moderators, and nobody as a visitor', () => {
    expect([member, moderator, admin, null].map(isModerator)).toEqual([false, true, true, false]);
  });

  it('let members change what is theirs and moderators anything', () => {
    expect(mayChange(member, 'me')).toBe(true);
    expect(mayChange(member, 'someone')).toBe(false);
    expect(mayChange(moderator, 'someone')).toBe(true);
    expect(mayChange(null, 'me')).toBe(false);
  });

  it('let owners edit a suggestion while its discussion is open, moderators always', () => {
    const open = { isClosed: false };
    const closed = { isClosed: true };
    expect(postEditRefusal(member, { ownerId: 'me' }, open)).toBeNull();
    expect(postEditRefusal(member, { ownerId: 'me' }, closed)).toBe('postClosedForEdits');
    expect(postEditRefusal(member, { ownerId: 'someone' }, open)).toBe('notYourPost');
    expect(postEditRefusal(admin, { ownerId: 'someone' }, closed)).toBeNull();
    expect(postEditRefusal(null, { ownerId: 'me' }, open)).toBe('notYourPost');
  });

  it('repost only from one Books discussion into another', () => {
    const books = { discussionId: 9, topic: 'Books' };
    expect(repostRefusal(books, { discussionId: 1, topic: 'Books' })).toBeNull();
    expect(repostRefusal(books, { discussionId: 9, topic: 'Books' })).toBe('repostSameDiscussion');
    expect(repostRefusal(books, { discussionId: 1, topic: 'Themes' })).toBe('repostOnlyBooks');
    expect(repostRefusal({ discussionId: 9, topic: 'Themes' }, { discussionId: 1, topic: 'Books' })).toBe('repostOnlyBooks');
  });

  it('suggest a recommendation only in a Books discussion', () => {
    expect(recommendationSuggestionRefusal({ topic: 'Books' })).toBeNull();
    expect(recommendationSuggestionRefusal({ topic: 'Themes' })).toBe('repostOnlyBooks');
    expect(recommendationSuggestionRefusal({ topic: 'Recommendations' })).toBe('repostOnlyBooks');
  });

  it("only an owner's own repost pitches a runner-up again", () => {
    const runnerUp = { postId: 5, ownerId: 'ann' };
    expect(pitchesAgain({ parentPostId: 5, ownerId: 'ann' }, runnerUp)).toBe(true);
    expect(pitchesAgain({ parentPostId: 5, ownerId: 'ben' }, runnerUp)).toBe(false);
    expect(pitchesAgain({ parentPostId: 6, ownerId: 'ann' }, runnerUp)).toBe(false);
    expect(pitchesAgain({ parentPostId: 5, ownerId: null }, { postId: 5, ownerId: null })).toBe(false);
  });
});
