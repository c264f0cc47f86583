import type { HostAddress } from '../../../shared/api/host';

/** Loopback addresses reach only the host's own computer: no use to a member. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.startsWith('127.') || host === '[::1]';
}

/** The addresses members can open: PUBLIC_URL first (from anywhere), then the server's LAN addresses. */
export function memberAddresses(urls: readonly string[], publicUrl: string | undefined): HostAddress[] {
  const lan = urls.filter((url) => !isLoopback(url)).map((url): HostAddress => ({ url, kind: 'lan' }));
  return publicUrl ? [{ url: publicUrl, kind: 'public' }, ...lan.filter((address) => address.url !== publicUrl)] : lan;
}
