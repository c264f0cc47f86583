import { describe, expect, it } from 'vitest';
import type { HostAddress } from '../../../shared/api/host';
import { joinSheetAddress, joinSheetPath } from './join-sheet';

const addresses: HostAddress[] = [
  { url: 'https://club.example.org/books?x=1&y=2', kind: 'public' },
  { url: 'http://192.168.1.5:8080', kind: 'lan' },
];

describe('the join sheet’s page', () => {
  it('is found again from its own link, for each of the club’s addresses', () => {
    for (const address of addresses) {
      const path = joinSheetPath(address.url);
      expect(path.startsWith('/admin/host/join-sheet?address=')).toBe(true);
      expect(joinSheetAddress(path.slice(path.indexOf('?')), addresses)).toEqual(address);
    }
  });

  it('shows no address the club is not reachable at', () => {
    expect(joinSheetAddress(`?${new URLSearchParams({ address: 'http://evil.example/' })}`, addresses)).toBeNull();
    expect(joinSheetAddress('', addresses)).toBeNull();
    expect(joinSheetAddress('?address=http%3A%2F%2F192.168.1.5%3A8080', [])).toBeNull();
  });
});
