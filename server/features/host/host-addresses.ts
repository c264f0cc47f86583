import type { HostAddress } from '../../../shared/api/host';
import { otherComputersAddresses } from '../../../shared/member-addresses';

/** The addresses members can open: PUBLIC_URL first (from anywhere), then the server's LAN addresses. */
export function memberAddresses(urls: readonly string[], publicUrl: string | undefined): HostAddress[] {
  const lan = otherComputersAddresses(urls).map((url): HostAddress => ({ url, kind: 'lan' }));
  return publicUrl ? [{ url: publicUrl, kind: 'public' }, ...lan.filter((address) => address.url !== publicUrl)] : lan;
}
