import { describe, expect, it } from 'vitest';
import { profile } from '../test-support/profiles';
import { isNavLinkActive, navLinksFor } from './nav-links';
import { safeNextUrl } from './safe-next-url';

const member = profile();
const moderator = profile({ isModerator: true });

describe('navigation links by role', () => {
  it('a visitor sees only Home', () => {
    expect(navLinksFor(null).map((l) => l.to)).toEqual(['/']);
  });
  it('a member sees the club but not Admin', () => {
    expect(navLinksFor(member).map((l) => l.to)).toEqual(['/', '/knihy', '/navrhy', '/stretnutia', '/odporucania', '/my', '/hladanie']);
  });
  it('a moderator also sees Admin', () => {
    expect(navLinksFor(moderator).map((l) => l.to)).toContain('/admin');
  });
});

describe('the current section', () => {
  const [home, books, voting] = navLinksFor(member);
  it('Voting stands for the rounds, their discussions and the polls', () => {
    expect(isNavLinkActive(voting!, '/navrhy')).toBe(true);
    expect(isNavLinkActive(voting!, '/navrhy/4/12')).toBe(true);
    expect(isNavLinkActive(voting!, '/hlasovania/3')).toBe(true);
    expect(isNavLinkActive(books!, '/hlasovania/3')).toBe(false);
  });
  it('Home only on home itself', () => {
    expect(isNavLinkActive(home!, '/')).toBe(true);
    expect(isNavLinkActive(home!, '/knihy')).toBe(false);
    expect(isNavLinkActive(books!, '/knihy/2')).toBe(true);
  });
});

describe('nextUrl', () => {
  it('is honoured only for paths inside the app', () => {
    expect(safeNextUrl('/navrhy/3')).toBe('/navrhy/3');
    expect(safeNextUrl('//evil.example')).toBeNull();
    expect(safeNextUrl('https://evil.example')).toBeNull();
    expect(safeNextUrl('/\\evil.example')).toBeNull();
    expect(safeNextUrl(null)).toBeNull();
  });
});
