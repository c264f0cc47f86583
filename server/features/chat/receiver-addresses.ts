import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';

/*
 * Where the chat may send: never to the club itself (a loop of its own deliveries, or a way to reach its
 * admin-only routes from outside), however its address is spelt, and never to a link-local address (a cloud
 * machine's metadata service lives at 169.254.169.254). Checked when an admin enters an address, and again on
 * every send against what the name resolves to then, so a name that later points home is refused as well.
 */

/** Why an address is refused: the club itself, or link-local; null when it may be used. */
export type AddressRefusal = 'club' | 'linkLocal' | null;

/** The 16 bytes of an IPv6 address written any way Node's URL parser leaves it (`::ffff:7f00:1`, `::1`). */
function ipv6Bytes(text: string): number[] | null {
  const [head, tail] = text.split('::') as [string, string | undefined];
  if (text.split('::').length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      if (net.isIPv4(part)) return part.split('.').map(Number);
      const value = parseInt(part, 16);
      return [value >> 8, value & 0xff];
    });
  const front = expand(groups(head));
  const back = expand(groups(tail));
  if (tail === undefined && front.length !== 16) return null;
  return [...front, ...new Array<number>(16 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`). */
function embeddedIpv4(bytes: number[]): string | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = bytes.slice(12).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4;
  if (zeros(0, 12) && !zeros(12, 15)) return v4;
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return v4;
  return null;
}

/** Whether `ip` (no brackets) is link-local, or this machine: loopback, "any", or one of its interfaces. */
export function kindOfIp(ip: string): 'linkLocal' | 'local' | null {
  if (net.isIPv6(ip)) {
    const bytes = ipv6Bytes(ip.toLowerCase().replace(/%.*$/, ''));
    if (!bytes) return null;
    const v4 = embeddedIpv4(bytes);
    if (v4) return kindOfIp(v4);
    if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'linkLocal';
    if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15]! <= 1) return 'local';
  } else if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    if (a === 169 && b === 254) return 'linkLocal';
    if (a === 127 || a === 0) return 'local';
  } else {
    return null;
  }
  return ownInterfaceIps().has(normalIp(ip)) ? 'local' : null;
}

function normalIp(ip: string): string {
  return net.isIPv6(ip) ? (ipv6Bytes(ip.toLowerCase())?.join('.') ?? ip) : ip;
}

function ownInterfaceIps(): Set<string> {
  return new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((info) => normalIp(info!.address)),
  );
}

/** A URL's host as a bare name or address: no brackets, no trailing dot, lower case. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

export const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * Whether sending to `ip`:`port` is refused: link-local always; this machine on a port the club listens on.
 * `clubPorts` are the ports of the club's own addresses.
 */
export function refusedIp(ip: string, port: number, clubPorts: ReadonlySet<number>, clubIps: ReadonlySet<string>): AddressRefusal {
  const kind = kindOfIp(ip);
  if (kind === 'linkLocal') return 'linkLocal';
  if (clubPorts.has(port) && (kind === 'local' || clubIps.has(normalIp(ip)))) return 'club';
  return null;
}

/** What the club's own addresses say: their ports, and the addresses among their hosts. */
export function clubEndpoints(addresses: string[]): { ports: Set<number>; ips: Set<string>; names: Set<string> } {
  const own = addresses.filter((address) => URL.canParse(address)).map((address) => new URL(address));
  return {
    ports: new Set(own.map(portOf)),
    ips: new Set(
      own
        .map(bareHost)
        .filter((host) => net.isIP(host))
        .map(normalIp),
    ),
    names: new Set(own.map(bareHost).filter((host) => !net.isIP(host))),
  };
}

const LOOKUP_WITHIN_MS = 3_000;

/**
 * Checks an address an admin enters: its spelling (every way of writing loopback, `localhost.`, `*.localhost`,
 * the club's own names), then what its name resolves to now. A name that does not resolve yet is let through:
 * every send checks again.
 */
export async function refusedUrl(url: URL, clubAddresses: string[]): Promise<AddressRefusal> {
  const club = clubEndpoints(clubAddresses);
  const host = bareHost(url);
  const port = portOf(url);
  if (net.isIP(host)) return refusedIp(host, port, club.ports, club.ips);
  if (club.ports.has(port) && (host === 'localhost' || host.endsWith('.localhost') || club.names.has(host))) return 'club';
  const resolved = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_WITHIN_MS).unref()),
  ]);
  for (const { address } of resolved) {
    const refusal = refusedIp(address, port, club.ports, club.ips);
    if (refusal) return refusal;
  }
  return null;
}
