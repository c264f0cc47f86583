import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, pageAddress, pages } from './pages';

describe('the pages’ addresses', () => {
  it('are Obskurnee’s, as links, mails and bookmarks have always written them', () => {
    expect(pages.home()).toBe('/');
    expect(pages.setup()).toBe('/setup');
    expect(pages.passwordReset()).toBe('/passwordreset');
    expect(pages.passwordReset({ userId: 'u-1', token: 'abc_DEF-9' })).toBe('/passwordreset/u-1/abc_DEF-9');
    expect(pages.host()).toBe('/admin/host');
    expect(pages.admin()).toBe('/admin');
    expect(pages.rounds()).toBe('/navrhy');
    expect(pages.discussion(3)).toBe('/navrhy/3');
    expect(pages.post(3, 12)).toBe('/navrhy/3/12');
    expect(pages.poll(4)).toBe('/hlasovania/4');
    expect(pages.meetings()).toBe('/stretnutia');
    expect(pages.meeting(5)).toBe('/stretnutia/5');
    expect(pages.room(5)).toBe('/stretnutia/5/room');
    expect(pages.display('abc_DEF-9')).toBe('/room/abc_DEF-9');
    expect(pages.recommendations()).toBe('/odporucania');
    expect(pages.recommendation(7)).toBe('/odporucania/7');
    expect(pages.books()).toBe('/knihy');
    expect(pages.book(2)).toBe('/knihy/2');
    expect(pages.readingPart(2, 9)).toBe('/knihy/2/casti/9');
    expect(pages.search()).toBe('/hladanie');
    expect(pages.members()).toBe('/my');
    expect(pages.stats()).toBe('/statistiky');
  });

  it('encode what a parameter holds, such as a member’s email', () => {
    expect(pages.member('a+b@x.test')).toBe('/my/a%2Bb%40x.test');
    expect(pages.member('a+b@x.test', 'edit')).toBe('/my/a%2Bb%40x.test/edit');
  });

  it('carry a query string: where to go after signing in, what a new suggestion is prefilled from', () => {
    expect(pages.home({ nextUrl: '/navrhy/3?x=1#top' })).toBe(`/?nextUrl=${encodeURIComponent('/navrhy/3?x=1#top')}`);
    expect(pages.discussion(9, { parentPostId: 5, fromDiscussionId: 1 })).toBe('/navrhy/9?parentPostId=5&fromDiscussionId=1');
    expect(pages.discussion(9, { parentRecommendationId: 7 })).toBe('/navrhy/9?parentRecommendationId=7');
    expect(pages.joinSheet('http://192.168.1.5:3000')).toBe('/admin/host/join-sheet?address=http%3A%2F%2F192.168.1.5%3A3000');
  });

  it('leave out an optional parameter without a value, with its slash', () => {
    expect(pageAddress(PAGE_PATTERNS.member, { email: 'a@b.c', mode: null })).toBe('/my/a%40b.c');
    expect(pageAddress(PAGE_PATTERNS.passwordReset, { userId: 'u' })).toBe('/passwordreset/u');
  });
});
