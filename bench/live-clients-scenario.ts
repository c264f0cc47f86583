// A thousand members with the club open: one socket.io-client connection each (the library's default
// transports: long-polling first, then the upgrade to WebSocket), each signed in with its own token. A
// member posts into the current discussion; the hub tells every client (today: DiscussionChanged with the
// whole discussion; a client that asked for small events: the post alone). The figure is the time from
// sending the post to each client's first event that tells of it, over several posts; then the same for a
// discussion with one post, which shows the fan-out without the big payload; then one member's vote.
//
// What each client receives is counted as it comes: frames (engine.io packets: one WebSocket frame each)
// and their bytes on the wire (the WebSocket frame's header included), per post and for one vote. The
// clients ask for today's events, or for others with extra fields in their handshake's `auth` beside the
// token (`LiveOptions.handshake`: the small events' opt-in, shared/events.ts).
//
// All the clients live in this one process, on the same two cores as the server: each event is parsed by
// each client in turn, so the latency measured includes that queue (a browser parses only its own). The
// CPU time of both processes per post is reported beside it, to tell the two apart.
import { io, type Socket } from 'socket.io-client';
import { HUB_PATH } from '../shared/constants';
import type { Round } from '../shared/api/rounds';
import type { ClubServer } from './club-server-process';
import { BIG_DISCUSSION_POSTS, type SeededClub } from './club-seed';
import { cpuMs, othersCpuMeter } from './proc-stats';
import { percentile } from './stats';

/** What each connected client received, on average, for one post or one vote. */
export interface Received {
  frames: number;
  bytes: number;
  /** The most any one client received. */
  maxBytes: number;
}

/** Several posts into one discussion, each heard by every client. */
export interface DeliveryResult {
  discussion: string;
  posts: number;
  /** Bytes of the event the first client last received for the first post (`2["DiscussionChanged",{...}]`). */
  payloadBytes: number;
  /** What each client received per post (the event, and anything else sent meanwhile). */
  perPost: Received;
  /** Deliveries expected (clients × posts), received, and missed (not within the wait). */
  expected: number;
  delivered: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU time per post: the server's, and this process's (the clients'). */
  serverCpuMsPerPost: number;
  clientsCpuMsPerPost: number;
  /** Share of all CPUs that processes other than the benchmark and the server used meanwhile. */
  othersCpuShare: number;
  /**
   * What this process needs, at least, to decode one client's copy of the event (UTF-8 to text, JSON.parse),
   * and that times the clients: all of them decode on this one thread, one after the other, so the last one's
   * latency cannot be below this floor however fast the server is. (Each browser decodes only its own copy.)
   */
  decodeMsPerClient: number;
  clientsDecodeFloorMs: number;
}

export interface LiveClientsResult {
  /** The fields beside the token in each client's handshake (`{}`: today's events). */
  handshake: Record<string, unknown>;
  clients: number;
  connected: number;
  connectSeconds: number;
  /** Connections on WebSocket when the posts went out (the rest still long-polling). */
  onWebSocket: number;
  connectErrors: string[];
  /** Posts into the club's current discussion (200 posts and more). */
  big: DeliveryResult;
  /** Posts into a new discussion with one post: the fan-out alone, without the big payload. */
  small: DeliveryResult;
  /** What each client received when one member voted in the open poll (within `VOTE_LISTEN_MS`). */
  perVote: Received;
}

export interface LiveOptions {
  posts: number;
  /** How long a post waits for every client's event before the missing ones count as missed. */
  waitSeconds: number;
  /** Fields beside the token in the handshake's `auth`: `{}` for today's events, or the small events' opt-in. */
  handshake: Record<string, unknown>;
}

/** After a vote is answered, how long the clients are listened to (today nothing is sent for a vote). */
const VOTE_LISTEN_MS = 1_500;

/** Frames and bytes one client has received so far. */
interface Counter {
  frames: number;
  bytes: number;
  /** The data of the last message packet (a socket.io event as it came: `2["Event",{...}]`). */
  lastMessage: string;
}

/** A WebSocket frame's header from the server (never masked): 2 bytes, 4 from 126 bytes of payload, 10 from 64 KiB. */
function frameHeaderBytes(payload: number): number {
  return payload < 126 ? 2 : payload < 65_536 ? 4 : 10;
}

/** engine.io's packet types as they go on the wire (engine.io-parser): one character before the data. */
const PACKET_TYPE_BYTES = 1;

/**
 * Counts what `socket` receives: each engine.io packet, its bytes as sent (the type character and the
 * data, UTF-8), and on WebSocket the frame's header. On long-polling a packet's share of the HTTP answer
 * is counted the same, without the HTTP headers.
 */
function countReceived(socket: Socket): Counter {
  const counter = { frames: 0, bytes: 0, lastMessage: '' };
  const engine = socket.io.engine;
  engine.on('packet', (packet: { type?: string; data?: unknown }) => {
    const data = packet.data;
    if (packet.type === 'message' && typeof data === 'string') counter.lastMessage = data;
    const payload = PACKET_TYPE_BYTES + (typeof data === 'string' ? Buffer.byteLength(data) : Buffer.isBuffer(data) ? data.length : 0);
    counter.frames++;
    counter.bytes += payload + (engine.transport?.name === 'websocket' ? frameHeaderBytes(payload) : 0);
  });
  return counter;
}

/** What the counters went up by since `before`, per counter, summed up. */
function receivedSince(counters: Counter[], before: Counter[], times = 1): Received {
  const bytes = counters.map((counter, i) => counter.bytes - before[i]!.bytes);
  const frames = counters.reduce((sum, counter, i) => sum + counter.frames - before[i]!.frames, 0);
  const n = Math.max(1, counters.length) * times;
  return { frames: frames / n, bytes: bytes.reduce((a, b) => a + b, 0) / n, maxBytes: bytes.length ? Math.max(...bytes) / times : 0 };
}

const CONNECT_AT_ONCE = 100;
/**
 * BENCH_LIVE_TRANSPORTS=polling keeps every client on long-polling (members behind a proxy that blocks
 * WebSocket), to see that path's cost; unset, the clients use socket.io-client's defaults as members do.
 */
const TRANSPORTS = process.env.BENCH_LIVE_TRANSPORTS ? { transports: process.env.BENCH_LIVE_TRANSPORTS.split(',') as ('polling' | 'websocket')[] } : {};
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * The latest post an event tells of: today's DiscussionChanged carries the whole discussion (`posts`), a
 * small event the post itself (`postId`, or `post.postId`). Post ids only grow, so a client has heard of
 * post P once it has had an event with P or a later one.
 */
function lastPostIdIn(payload: unknown): number {
  if (!payload || typeof payload !== 'object') return 0;
  const event = payload as { posts?: unknown; postId?: unknown; post?: { postId?: unknown } };
  let last = 0;
  if (Array.isArray(event.posts))
    for (const post of event.posts as { postId?: unknown }[]) if (typeof post?.postId === 'number') last = Math.max(last, post.postId);
  if (typeof event.postId === 'number') last = Math.max(last, event.postId);
  if (typeof event.post?.postId === 'number') last = Math.max(last, event.post.postId);
  return last;
}

/** The least time this process takes to decode one copy of an event as socket.io-client does: UTF-8 to text, JSON.parse. */
function decodeMs(event: Buffer): number {
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    JSON.parse(event.toString('utf8').slice(1));
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function measureLiveClients(club: SeededClub, server: ClubServer, timing: LiveOptions, log: (line: string) => void): Promise<LiveClientsResult> {
  const clients = club.members;
  const sockets: Socket[] = [];
  /** What each connected client received (engine.io packets), by socket. */
  const received = new Map<Socket, Counter>();
  const connectErrors = new Set<string>();
  // The latest post each client heard of (in any event), and when.
  const seen = new Map<Socket, { lastPostId: number; at: number }>();
  const connectStarted = performance.now();
  let connected = 0;
  try {
    for (let start = 0; start < clients.length; start += CONNECT_AT_ONCE) {
      await Promise.all(
        clients.slice(start, start + CONNECT_AT_ONCE).map(
          (member) =>
            new Promise<void>((resolve) => {
              // forceNew: one connection per member, as each browser has its own (io() would otherwise share one).
              const socket = io(server.url, { path: HUB_PATH, auth: { ...timing.handshake, token: member.token }, forceNew: true, ...TRANSPORTS });
              sockets.push(socket);
              received.set(socket, countReceived(socket));
              const timer = setTimeout(() => {
                connectErrors.add('no connection within 30 s');
                resolve();
              }, CONNECT_TIMEOUT_MS);
              socket.once('connect', () => {
                clearTimeout(timer);
                connected++;
                resolve();
              });
              socket.once('connect_error', (error) => {
                clearTimeout(timer);
                connectErrors.add(error.message);
                resolve();
              });
              const mine = { lastPostId: 0, at: 0 };
              seen.set(socket, mine);
              socket.onAny((_event: string, payload: unknown) => {
                const lastPostId = lastPostIdIn(payload);
                if (lastPostId > mine.lastPostId) Object.assign(mine, { lastPostId, at: performance.now() });
              });
            }),
        ),
      );
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    log(`  ${connected} of ${clients.length} clients connected in ${connectSeconds.toFixed(1)} s`);
    // Let the upgrades from long-polling to WebSocket finish, as they would while a member reads.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const onWebSocket = sockets.filter((socket) => socket.connected && socket.io.engine?.transport?.name === 'websocket').length;

    const post = async (discussionId: number, writer: string, title: string) => {
      const response = await fetch(`${server.url}/api/discussions/${discussionId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${writer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, author: 'Bench', pageCount: 200, text: 'A post every open club page hears about.' }),
      });
      const answer = (await response.json()) as { postId?: number };
      if (response.status !== 200 || !answer.postId) throw new Error(`posting answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
      return answer.postId;
    };

    const deliver = async (discussionId: number, label: string): Promise<DeliveryResult> => {
      const latencies: number[] = [];
      let delivered = 0;
      let payloadBytes = 0;
      let decodeMsPerClient = 0;
      let serverCpu = 0;
      let clientsCpu = 0;
      const others = othersCpuMeter([server.pid]);
      const counters = sockets.filter((socket) => socket.connected).map((socket) => received.get(socket)!);
      const countedBefore = counters.map((counter) => ({ ...counter }));
      for (let k = 0; k < timing.posts; k++) {
        const writer = club.members[(k * 37) % club.members.length]!.token;
        const serverBefore = cpuMs(server.pid);
        const clientsBefore = process.cpuUsage();
        const sent = performance.now();
        const postId = await post(discussionId, writer, `Live post ${k + 1}`);
        const deadline = sent + timing.waitSeconds * 1000;
        const arrived = () => sockets.filter((socket) => (seen.get(socket)?.lastPostId ?? 0) >= postId);
        while (arrived().length < connected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        serverCpu += cpuMs(server.pid) - serverBefore;
        const used = process.cpuUsage(clientsBefore);
        clientsCpu += (used.user + used.system) / 1000;
        const got = arrived().map((socket) => seen.get(socket)!.at - sent);
        delivered += got.length;
        latencies.push(...got);
        if (k === 0 && counters[0]?.lastMessage) {
          const event = Buffer.from(counters[0].lastMessage);
          payloadBytes = event.length;
          decodeMsPerClient = decodeMs(event);
        }
        log(`  ${label}, post ${k + 1}: ${got.length} of ${clients.length} clients heard of it, p99 ${percentile(got, 99).toFixed(0)} ms`);
        // A pause between posts, as between members' posts.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const othersCpuShare = others();
      const perPost = receivedSince(counters, countedBefore, timing.posts);
      if (server.ended()) throw new Error(`the club server ${server.ended()} with the live clients connected`);
      const expected = clients.length * timing.posts;
      const clientsDecodeFloorMs = decodeMsPerClient * connected;
      log(
        `  ${label}: the ${connected} clients decode on this one thread, ${decodeMsPerClient.toFixed(2)} ms each at least: ` +
          `the last one cannot hear a post sooner than ${clientsDecodeFloorMs.toFixed(0)} ms after it goes out, however fast the server ` +
          `(server CPU per post ${(serverCpu / timing.posts).toFixed(0)} ms, this process's ${(clientsCpu / timing.posts).toFixed(0)} ms)`,
      );
      return {
        discussion: label,
        posts: timing.posts,
        payloadBytes,
        perPost,
        expected,
        delivered,
        missed: expected - delivered,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
        serverCpuMsPerPost: serverCpu / timing.posts,
        clientsCpuMsPerPost: clientsCpu / timing.posts,
        othersCpuShare,
        decodeMsPerClient,
        clientsDecodeFloorMs,
      };
    };

    const big = await deliver(club.bigDiscussionId, `the ${BIG_DISCUSSION_POSTS}-post discussion`);
    // A new round opens a discussion of its own; its first post is made before the measured ones.
    const round = await fetch(`${server.url}/api/rounds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${club.admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ topic: 'Books', title: 'Round 23: live', description: null }),
    });
    const smallId = ((await round.json()) as Round).bookDiscussionId!;
    await post(smallId, club.members[1]!.token, 'The first post');
    const small = await deliver(smallId, 'a 1-post discussion');

    // One member changes their vote in the open poll.
    const counters = sockets.filter((socket) => socket.connected).map((socket) => received.get(socket)!);
    const countedBefore = counters.map((counter) => ({ ...counter }));
    const voter = club.members[club.members.length - 1]!;
    const vote = await fetch(`${server.url}/api/polls/${club.pollId}/vote`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${voter.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ postIds: [club.pollOptionIds[0]] }),
    });
    await vote.arrayBuffer();
    if (vote.status !== 200) throw new Error(`voting answered ${vote.status}`);
    await new Promise((resolve) => setTimeout(resolve, VOTE_LISTEN_MS));
    const perVote = receivedSince(counters, countedBefore);
    log(`  a vote: each client received ${perVote.frames.toFixed(1)} frames, ${perVote.bytes.toFixed(0)} bytes`);
    return {
      handshake: timing.handshake,
      clients: clients.length,
      connected,
      connectSeconds,
      onWebSocket,
      connectErrors: [...connectErrors].slice(0, 5),
      big,
      small,
      perVote,
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}
