import type { HostAddress } from '../../../shared/api/host';
import { pages } from '../../../shared/pages';

/** The printable sheet's page for one of the club's addresses. */
export function joinSheetPath(url: string): string {
  return pages.joinSheet(url);
}

/**
 * The address the sheet's page is asked for (`?address=`), when it is one the club is reachable at: a
 * link made elsewhere cannot have the club print a code that leads somewhere else.
 */
export function joinSheetAddress(search: string, addresses: readonly HostAddress[]): HostAddress | null {
  const asked = new URLSearchParams(search).get('address');
  return addresses.find((address) => address.url === asked) ?? null;
}
