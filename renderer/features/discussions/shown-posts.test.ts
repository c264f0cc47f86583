import { describe, expect, it } from 'vitest';
import { FIRST_POSTS, MORE_POSTS, firstLimit, nextLimit } from './shown-posts';

describe('a long discussion shown a part at a time', () => {
  it('shows a short discussion whole, and keeps showing what arrives', () => {
    expect(firstLimit(0)).toBe(Infinity);
    expect(firstLimit(FIRST_POSTS)).toBe(Infinity);
  });

  it('opens a long one on its first posts and adds a part per "show more"', () => {
    expect(firstLimit(200)).toBe(FIRST_POSTS);
    expect(nextLimit(FIRST_POSTS, 200)).toBe(FIRST_POSTS + MORE_POSTS);
    expect(nextLimit(FIRST_POSTS + MORE_POSTS, 200)).toBe(FIRST_POSTS + 2 * MORE_POSTS);
  });

  it('shows everything, and what arrives later, once a part would reach the end', () => {
    expect(nextLimit(FIRST_POSTS, FIRST_POSTS + MORE_POSTS)).toBe(Infinity);
    expect(nextLimit(FIRST_POSTS + 3 * MORE_POSTS, 200)).toBe(Infinity);
  });
});
