// A thousand members with the club open: one socket.io-client connection each (the library's default
// transports: long-polling first, then the upgrade to WebSocket), each signed in with its own token. A
// member posts into the current discussion; the hub pushes DiscussionChanged (the whole discussion) to
// every client. The figure is the time from sending the post to each client's event, over several posts;
// then the same for a discussion with one post, which shows the fan-out without the big payload.
//
// All the clients live in this one process, on the same two cores as the server: each event is parsed by
// each client in turn, so the latency measured includes that queue (a browser parses only its own). The
// CPU time of both processes per post is reported beside it, to tell the two apart.
import { io, type Socket } from 'socket.io-client';
import { HUB_PATH } from '../shared/constants';
import { HUB_EVENTS } from '../shared/events';
import type { Discussion } from '../shared/api/discussions';
import type { Round } from '../shared/api/rounds';
import type { ClubServer } from './club-server-process';
import { BIG_DISCUSSION_POSTS, type SeededClub } from './club-seed';
import { cpuMs, othersCpuMeter } from './proc-stats';
import { percentile } from './stats';

/** Several posts into one discussion, each heard by every client. */
export interface DeliveryResult {
  discussion: string;
  posts: number;
  /** Bytes of the DiscussionChanged payload (the discussion as JSON) after the first post. */
  payloadBytes: number;
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
}

export interface LiveTiming {
  posts: number;
  /** How long a post waits for every client's event before the missing ones count as missed. */
  waitSeconds: number;
}

const CONNECT_AT_ONCE = 100;
/**
 * BENCH_LIVE_TRANSPORTS=polling keeps every client on long-polling (members behind a proxy that blocks
 * WebSocket), to see that path's cost; unset, the clients use socket.io-client's defaults as members do.
 */
const TRANSPORTS = process.env.BENCH_LIVE_TRANSPORTS ? { transports: process.env.BENCH_LIVE_TRANSPORTS.split(',') as ('polling' | 'websocket')[] } : {};
const CONNECT_TIMEOUT_MS = 30_000;

/** The least time this process takes to decode one copy of an event as socket.io-client does: UTF-8 to text, JSON.parse. */
function decodeMs(event: Buffer): number {
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    JSON.parse(event.toString('utf8').slice(2));
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function measureLiveClients(club: SeededClub, server: ClubServer, timing: LiveTiming, log: (line: string) => void): Promise<LiveClientsResult> {
  const clients = club.members;
  const sockets: Socket[] = [];
  const connectErrors = new Set<string>();
  // What each client last saw of each discussion: its latest post id, and when that arrived.
  const seen = new Map<Socket, Map<number, { lastPostId: number; at: number }>>();
  const connectStarted = performance.now();
  let connected = 0;
  try {
    for (let start = 0; start < clients.length; start += CONNECT_AT_ONCE) {
      await Promise.all(
        clients.slice(start, start + CONNECT_AT_ONCE).map(
          (member) =>
            new Promise<void>((resolve) => {
              // forceNew: one connection per member, as each browser has its own (io() would otherwise share one).
              const socket = io(server.url, { path: HUB_PATH, auth: { token: member.token }, forceNew: true, ...TRANSPORTS });
              sockets.push(socket);
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
              const mine = new Map<number, { lastPostId: number; at: number }>();
              seen.set(socket, mine);
              socket.on(HUB_EVENTS.discussionChanged, (discussion: Discussion) => {
                const at = performance.now();
                mine.set(discussion.discussionId, { lastPostId: Math.max(0, ...discussion.posts.map((p) => p.postId)), at });
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
      for (let k = 0; k < timing.posts; k++) {
        const writer = club.members[(k * 37) % club.members.length]!.token;
        const serverBefore = cpuMs(server.pid);
        const clientsBefore = process.cpuUsage();
        const sent = performance.now();
        const postId = await post(discussionId, writer, `Live post ${k + 1}`);
        const deadline = sent + timing.waitSeconds * 1000;
        const arrived = () => sockets.filter((socket) => (seen.get(socket)?.get(discussionId)?.lastPostId ?? 0) >= postId);
        while (arrived().length < connected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        serverCpu += cpuMs(server.pid) - serverBefore;
        const used = process.cpuUsage(clientsBefore);
        clientsCpu += (used.user + used.system) / 1000;
        const got = arrived().map((socket) => seen.get(socket)!.get(discussionId)!.at - sent);
        delivered += got.length;
        latencies.push(...got);
        if (k === 0) {
          const read = await fetch(`${server.url}/api/discussions/${discussionId}`, { headers: { Authorization: `Bearer ${writer}` } });
          const json = JSON.stringify(await read.json());
          payloadBytes = Buffer.byteLength(json);
          decodeMsPerClient = decodeMs(Buffer.from(`42["${HUB_EVENTS.discussionChanged}",${json}]`));
        }
        log(`  ${label}, post ${k + 1}: ${got.length} of ${clients.length} clients had DiscussionChanged, p99 ${percentile(got, 99).toFixed(0)} ms`);
        // A pause between posts, as between members' posts.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const othersCpuShare = others();
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
    return { clients: clients.length, connected, connectSeconds, onWebSocket, connectErrors: [...connectErrors].slice(0, 5), big, small };
  } finally {
    for (const socket of sockets) socket.close();
  }
}
