import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { acceptedCodings } from '../http/answer-encoding';

/**
 * A broadcast reaches every long-polling client as the same bytes, encoded (and compressed) once.
 *
 * socket.io encodes a broadcast once and hands every WebSocket the same frame. engine.io's long-polling
 * transport does not: for each client it joins the packets into a new string, encodes that to UTF-8 again
 * to send it, and gzips it again for a browser that accepts gzip. A 377 kB discussion to 1,000 polling
 * clients (Node's, which do not even ask for gzip) cost the server 3.7 s of CPU per post, and 1.5 GiB. Here a polling answer that holds a
 * broadcast is written from bytes kept with that broadcast (its packet options, one object shared by every
 * recipient); the answer's body, once decoded, is the same as engine.io's, byte for byte.
 *
 * This replaces `send` on each long-polling transport (engine.io has no hook for it) and leans on its
 * internals: the fields below, as engine.io 6.6 has them. hub.socket-io-clients.test.ts and
 * shared-polling-payloads.test.ts hold them to what the clients receive.
 */

/** An engine.io packet as the transport gets it (engine.io-parser's Packet). */
interface EnginePacket {
  type: string;
  data?: unknown;
  /** For a broadcast, one object shared by all its recipients, marked `preEncoded` by socket.io's adapter. */
  options?: { compress?: boolean; preEncoded?: boolean };
}

/** What this module touches of engine.io 6.6's long-polling transport (transports/polling.js). */
interface PollingTransport {
  readonly name: string;
  readonly protocol: number;
  writable: boolean;
  httpCompression: (zlib.ZlibOptions & { threshold: number }) | false | undefined;
  send(packets: EnginePacket[]): void;
  req: (IncomingMessage & { cleanup(): void }) | null;
  res: ServerResponse | null;
  shouldClose: (() => void) | null;
  headers(req: IncomingMessage, headers: Record<string, string>): Record<string, string>;
  emit(event: 'drain'): boolean;
}

/** engine.io-parser's packet type digits (protocol 4). */
const PACKET_TYPES: Record<string, string> = { open: '0', close: '1', ping: '2', pong: '3', message: '4', upgrade: '5', noop: '6' };
const SEPARATOR = Buffer.from('\x1e');

type Encoding = 'gzip' | 'deflate';
const COMPRESS: Record<Encoding, (bytes: Buffer, options: zlib.ZlibOptions) => Buffer> = { gzip: zlib.gzipSync, deflate: zlib.deflateSync };

interface SharedPayload {
  bytes: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
}
/** Kept as long as engine.io keeps the broadcast's packets: until the last recipient has been answered. */
const sharedPayloads = new WeakMap<object, SharedPayload>();

function sharedPayload(packet: EnginePacket & { data: string; options: object }): SharedPayload {
  let shared = sharedPayloads.get(packet.options);
  if (!shared) {
    shared = { bytes: Buffer.from(PACKET_TYPES.message + packet.data), compressed: {} };
    sharedPayloads.set(packet.options, shared);
  }
  return shared;
}

const isBroadcast = (packet: EnginePacket): packet is EnginePacket & { data: string; options: object } =>
  packet.type === 'message' && typeof packet.data === 'string' && packet.options?.preEncoded === true;

/**
 * The encoding engine.io picks for this request among gzip and deflate, or null for none: what its `accepts`
 * package answers (negotiator's rules: the highest q above 0; on a tie an encoding named outright beats one
 * `*` stands for, then the one the client listed first, then gzip).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined) return null;
  const specs = acceptedCodings(header);
  const candidates = (['gzip', 'deflate'] as const).flatMap((encoding, order) => {
    let best: { encoding: Encoding; q: number; exact: number; index: number; order: number } | null = null;
    for (const spec of specs) {
      if (spec.name !== encoding && spec.name !== '*') continue;
      const candidate = { encoding, q: spec.q, exact: spec.name === encoding ? 1 : 0, index: spec.index, order };
      if (!best || (best.exact - candidate.exact || best.q - candidate.q || best.index - candidate.index) < 0) best = candidate;
    }
    return best && best.q > 0 ? [best] : [];
  });
  candidates.sort((a, b) => b.q - a.q || b.exact - a.exact || a.index - b.index || a.order - b.order);
  return candidates[0]?.encoding ?? null;
}

function isPollingTransport(transport: unknown): transport is PollingTransport {
  const t = transport as Partial<PollingTransport> | null;
  return t?.name === 'polling' && t.protocol === 4 && typeof t.send === 'function' && typeof t.headers === 'function';
}

/** Makes a long-polling transport answer broadcasts from their shared bytes; other transports are left as they are. */
export function sharePollingPayloads(transport: unknown): void {
  if (!isPollingTransport(transport)) return;
  const engineSend = transport.send;
  transport.send = function send(this: PollingTransport, packets: EnginePacket[]): void {
    const req = this.req;
    const res = this.res;
    // Only answers that hold a broadcast, and none with binary data (base64 on polling): engine.io does the rest.
    const plain = packets.every((p) => p.data === undefined || typeof p.data === 'string');
    if (!req || !res || !plain || !packets.some(isBroadcast)) return engineSend.call(this, packets);
    const compressing = this.httpCompression && packets.some((p) => p.options?.compress);
    const encoding = compressing ? acceptedEncoding(req.headers['accept-encoding']) : null;
    // Compressed bodies are shared only for a lone broadcast; several packets to compress go engine.io's way.
    if (encoding && (packets.length > 1 || this.shouldClose)) return engineSend.call(this, packets);

    this.writable = false;
    if (this.shouldClose) {
      packets.push({ type: 'close' });
      this.shouldClose();
      this.shouldClose = null;
    }
    const chunks: Buffer[] = [];
    for (const [i, packet] of packets.entries()) {
      if (i > 0) chunks.push(SEPARATOR);
      chunks.push(isBroadcast(packet) ? sharedPayload(packet).bytes : Buffer.from(PACKET_TYPES[packet.type]! + ((packet.data as string | undefined) ?? '')));
    }
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=UTF-8' };
    let body = chunks;
    if (encoding && this.httpCompression && length >= this.httpCompression.threshold) {
      const shared = sharedPayload(packets[0] as EnginePacket & { data: string; options: object });
      shared.compressed[encoding] ??= COMPRESS[encoding](shared.bytes, this.httpCompression);
      headers['Content-Encoding'] = encoding;
      body = [shared.compressed[encoding]];
    }
    headers['Content-Length'] = String(body.reduce((sum, chunk) => sum + chunk.length, 0));
    res.writeHead(200, this.headers(req, headers));
    for (const chunk of body.slice(0, -1)) res.write(chunk);
    res.end(body[body.length - 1]);
    req.cleanup();
    this.emit('drain');
  };
}
