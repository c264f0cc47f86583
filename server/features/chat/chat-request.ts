import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { bareHost, portOf, refusedIp } from './receiver-addresses';

/** What the chat reads of a receiver's answer: enough for Matrix's errcode and error, or a short reason. */
export const ANSWER_READ_MAX = 4 * 1024;

export interface ReceiverAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first ANSWER_READ_MAX bytes of the body as text; null when it came compressed (never inflated). */
  text: string | null;
}

export interface ReceiverRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The club's own ports and addresses: a send there, or to a link-local address, is refused. */
  club: { ports: ReadonlySet<number>; ips: ReadonlySet<string> };
}

/** Why a send did not get an answer (a short word, logged and kept as the receiver's lastError). */
export class ReceiverUnreachable extends Error {}

/**
 * One request to a receiver, with node's own client rather than fetch: fetch inflates gzip on its own, so a
 * 1 MB answer could become a gigabyte in the club's memory. Here the body is asked for uncompressed, read to a
 * few kB at most, and then the connection is dropped; a compressed answer is not read at all. No redirect is
 * followed, and every address the name resolves to is checked before connecting (receiver-addresses.ts).
 */
export function sendToReceiver(request: ReceiverRequest): Promise<ReceiverAnswer> {
  const url = new URL(request.url);
  const port = portOf(url);
  const host = bareHost(url);
  const refuse = (ip: string) => {
    const refusal = refusedIp(ip, port, request.club.ports, request.club.ips);
    return refusal && new ReceiverUnreachable(refusal === 'club' ? 'the club itself' : 'a link-local address');
  };
  return new Promise((resolve, reject) => {
    if (net.isIP(host)) {
      const refused = refuse(host);
      if (refused) return reject(refused);
    }
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      {
        method: request.method,
        // A length rather than chunks, as fetch sent it: some receivers refuse a chunked body (411).
        headers: {
          ...request.headers,
          ...(request.body !== undefined && { 'Content-Length': String(Buffer.byteLength(request.body)) }),
          'Accept-Encoding': 'identity',
          Connection: 'close',
        },
        agent: false,
        lookup: checkedLookup(refuse),
        timeout: request.timeoutMs,
      },
      (answer) => {
        const encoded = (answer.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
        const chunks: Buffer[] = [];
        let length = 0;
        const done = () => {
          clearTimeout(timer);
          answer.destroy();
          outgoing.destroy();
          const text = encoded ? null : Buffer.concat(chunks).subarray(0, ANSWER_READ_MAX).toString('utf8');
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text });
        };
        if (encoded) return done();
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= ANSWER_READ_MAX) done();
        });
        answer.on('end', done);
        answer.on('error', done);
      },
    );
    // The whole exchange, not only an idle socket, is bounded: a receiver that trickles is dropped too.
    const timer = setTimeout(() => outgoing.destroy(new ReceiverUnreachable('timeout')), request.timeoutMs);
    outgoing.on('timeout', () => outgoing.destroy(new ReceiverUnreachable('timeout')));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error instanceof ReceiverUnreachable ? error : new ReceiverUnreachable(error.code ?? error.message ?? 'unreachable'));
    });
    outgoing.end(request.body);
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup, refusing the answer when any address it gives is one the chat may not send to. */
function checkedLookup(refuse: (ip: string) => Error | null) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.map(({ address }) => refuse(address)).find(Boolean);
      if (refused) return callback(refused, []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
