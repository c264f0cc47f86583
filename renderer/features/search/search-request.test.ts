import { describe, expect, it } from 'vitest';
import { ALL_KINDS, sameRequest, searchRequest } from './search-request';

describe('when a search is sent', () => {
  it('needs at least 3 characters after trimming', () => {
    expect(searchRequest('so', ALL_KINDS)).toBeNull();
    expect(searchRequest('  so  ', ALL_KINDS)).toBeNull();
    expect(searchRequest('   ', ALL_KINDS)).toBeNull();
    expect(searchRequest(' sol ', ALL_KINDS)).toEqual({ query: 'sol', kinds: [] });
  });

  it('counts letters, not UTF-16 units, as the server does', () => {
    expect(searchRequest('𝔞𝔟', ALL_KINDS)).toBeNull();
    expect(searchRequest('žľť', ALL_KINDS)).toEqual({ query: 'žľť', kinds: [] });
  });

  it('asks for one kind when one box is ticked, and for nothing when none is', () => {
    expect(searchRequest('solaris', { Post: true, Rec: false })).toEqual({ query: 'solaris', kinds: ['Post'] });
    expect(searchRequest('solaris', { Post: false, Rec: true })).toEqual({ query: 'solaris', kinds: ['Rec'] });
    expect(searchRequest('solaris', { Post: false, Rec: false })).toBeNull();
  });
});

describe('the search request', () => {
  it('omits kind for both, and names it for one', () => {});

  it('is the same when query and kinds are', () => {
    expect(sameRequest({ query: 'sol', kinds: [] }, { query: 'sol', kinds: [] })).toBe(true);
    expect(sameRequest({ query: 'sol', kinds: [] }, { query: 'sol', kinds: ['Post'] })).toBe(false);
    expect(sameRequest(null, { query: 'sol', kinds: [] })).toBe(false);
    expect(sameRequest(null, null)).toBe(true);
  });
});
