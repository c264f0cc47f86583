import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from './context';

/**
 * The address a client's attempts are counted under. IPv4 as is (an IPv4-mapped IPv6 address is its IPv4
 * address); IPv6 by its /64, the block one household or server is given, so rotating through one's own
 * block does not reset the count.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  return expandIPv6(address).slice(0, 4).join(':') + '::/64';
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((part) => part.toLowerCase());
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const key = addressKey(address);
  return key.startsWith('127.') || address === '::1';
}

/**
 * Whether the request comes from the club host's own machine. The peer must be a loopback address, and a
 * request that says it was forwarded (X-Forwarded-For, Forwarded) counts as local only when TRUST_PROXY
 * tells the club to believe it: a reverse proxy on the host would otherwise make the whole web "local".
 */
export function isFromHostMachine(ctx: AppContext, trustProxy: number): boolean {
  if (trustProxy > 0) return isLoopback(ctx.ip);
  const forwarded = ctx.get('X-Forwarded-For') || ctx.get('Forwarded') || ctx.get('X-Real-IP');
  return !forwarded && isLoopback(ctx.socket.remoteAddress);
}

/**
 * The client's address for a request outside Koa (the live hub's handshakes), read as Koa reads `ctx.ip`:
 * the TCP peer, or with TRUST_PROXY proxies in front the address the nearest of them was told.
 */
export function requestAddress(request: IncomingMessage, trustProxy: number): string | undefined {
  const peer = request.socket.remoteAddress;
  const header = request.headers['x-forwarded-for'];
  if (trustProxy <= 0 || !header) return peer;
  const forwarded = (Array.isArray(header) ? header.join(',') : header).split(/\s*,\s*/).filter(Boolean);
  return forwarded.slice(-trustProxy)[0] ?? peer;
}
