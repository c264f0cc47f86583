import { describe, expect, it } from 'vitest';
import { parseShelfProfileUrl } from './shelves';

// One reader of profile addresses serves the link's body check, the profile card's suggestion and the
// Obskurnee import (its members' goodreadsUrl): none of them may throw on what a member once typed.
describe('a profile address', () => {
  it('is read from what a member copies from the site', () => {
    expect(parseShelfProfileUrl(' https://goodreads.com/user/show/1001-anna?ref=nav ')).toEqual({
      site: 'Goodreads',
      externalUserId: '1001',
      profileUrl: 'https://www.goodreads.com/user/show/1001',
    });
    expect(parseShelfProfileUrl('https://app.thestorygraph.com/books-read/anna_reads/')?.externalUserId).toBe('anna_reads');
  });

  it('with a bad percent-escape is no profile, never an exception', () => {
    for (const text of [
      'https://www.goodreads.com/user/show/1%',
      'https://www.goodreads.com/user/show/%E0%A4%A',
      'https://app.thestorygraph.com/profile/%ZZ',
    ]) {
      expect(() => parseShelfProfileUrl(text), text).not.toThrow();
      expect(parseShelfProfileUrl(text), text).toBeNull();
    }
  });
});
