import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api/accounts';
import { navLinksFor } from './nav-links';
import { safeNextUrl } from './safe-next-url';

const member = { isModerator: false } as Profile;
const moderator = { isModerator: true } as Profile;

describe('navigation links by role', () => {
  it('a visitor sees only Home', () => {
    expect(navLinksFor(null).map((l) => l.to)).toEqual(['/']);
  });
  it('a member sees the club but not Admin', () => {
    expect(navLinksFor(member).map((l) => l.to)).toEqual(['/', '/knihy', '/navrhy', '/odporucania', '/my', '/hladanie']);
  });
  it('a moderator also sees Admin', () => {
    expect(navLinksFor(moderator).map((l) => l.to)).toContain('/admin');
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
