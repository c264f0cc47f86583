import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Discussion, Post } from '../../shared/api/discussions';
import { HUB_PATH } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { createHub, type Hub } from './hub';
import { acceptedEncoding } from './shared-polling-payloads';

// A broadcast goes out encoded once (shared-polling-payloads.ts): every client, on every transport, must
// still receive exactly what engine.io and socket.io would have sent it.

const POLLING = `${HUB_PATH}/?EIO=4&transport=polling`;

function discussion(posts: number, title = 'Čítame ďalej: jesenné knihy 📚'): Discussion {
  const post = (i: number): Post => ({
    postId: i + 1,
    discussionId: 7,
    ownerId: `member-${i}`,
    ownerName: `Členka ${i} „Žofia“`,
    title: `Kniha ${i}: Ťažké časy <b>&</b> "úvodzovky"`,
    author: 'Dobroslav Chrobák',
    pageCount: 200 + i,
    year: i % 3 === 0 ? null : 1900 + i,
    url: `https://books.example/${i}?a=1&b=2`,
    imageUrl: null,
    text: `Prečo ju čítať?\n\n* pretože ${'áé'.repeat(i % 7)}\n* 😀 \\ / \u2028`,
    renderedText: `<p>Prečo ju čítať?</p>\n<ul><li>pretože</li><li>😀</li></ul>`,
    parentPostId: null,
    parentRecommendationId: null,
    hasSpoilers: i % 2 === 1,
    createdOn: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    modifiedOn: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  });
  return {
    discussionId: 7,
    roundId: 3,
    title,
    description: null,
    renderedDescription: null,
    topic: 'Books',
    isClosed: false,
    pollId: null,
    createdOn: '2026-11-01T00:00:00.000Z',
    version: posts,
    posts: Array.from({ length: posts }, (_, i) => post(i)),
  };
}

/** What socket.io sends for the broadcast, in engine.io's text framing. */
const engineText = (payload: Discussion) => `42${JSON.stringify([HUB_EVENTS.discussionChanged, payload])}`;

interface Running {
  url: string;
  broadcast(payload: Discussion): void;
  close(): Promise<void>;
}

const running: Running[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const server of running.splice(0)) await server.close();
});

async function listen(httpServer: http.Server): Promise<string> {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}

/** The club's hub; any token `member-…` is a signed-in member. */
async function startHub(): Promise<Running & { hub: Hub }> {
  const httpServer = http.createServer();
  const hub = createHub({ sessionUser: async (token) => (token?.startsWith('member-') ? { id: token } : null) });
  hub.attach(httpServer);
  const url = await listen(httpServer);
  const server = { url, hub, broadcast: (payload: Discussion) => hub.broadcast(HUB_EVENTS.discussionChanged, payload), close: () => hub.close() };
  running.push(server);
  return server;
}

/** socket.io as it comes, with the hub's options and rooms: what the hub's clients got before. */
async function startPlainSocketIo(): Promise<Running> {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { path: HUB_PATH, serveClient: false, pingInterval: 15_000, pingTimeout: 30_000 });
  io.on('connection', (socket) => void socket.join('signed-in'));
  const url = await listen(httpServer);
  const server = {
    url,
    broadcast: (payload: Discussion) => void io.to('signed-in').emit(HUB_EVENTS.discussionChanged, payload),
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
  running.push(server);
  return server;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A raw engine.io session over long-polling, connected to the hub as a member: answers its poll URL. */
async function rawSession(server: Running): Promise<string> {
  const open = await request(server.url + POLLING, 'GET');
  const { sid } = JSON.parse(open.body.toString().slice(1)) as { sid: string };
  const session = `${server.url}${POLLING}&sid=${sid}`;
  await request(session, 'POST', { 'Content-Type': 'text/plain;charset=UTF-8' }, `40${JSON.stringify({ token: 'member-raw' })}`);
  expect((await request(session, 'GET')).body.toString()).toMatch(/^40\{"sid":/);
  return session;
}

/** The body as the client reads it: decoded per its Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  if (encoding === 'deflate') return zlib.inflateSync(answer.body).toString();
  expect(encoding).toBeUndefined();
  return answer.body.toString();
}

/** What a raw long-polling client gets for these broadcasts: one poll already waiting, one after the rest. */
async function pollsFor(server: Running, payloads: Discussion[], headers: Record<string, string>) {
  const session = await rawSession(server);
  const waiting = request(session, 'GET', headers);
  await new Promise((resolve) => setTimeout(resolve, 50));
  server.broadcast(payloads[0]!);
  const first = await waiting;
  for (const payload of payloads.slice(1)) server.broadcast(payload);
  const rest = payloads.length > 1 ? await request(session, 'GET', headers) : null;
  return [first, rest].filter((answer): answer is RawAnswer => answer !== null);
}

describe('a broadcast to long-polling clients', () => {
  const big = discussion(200);
  const small = discussion(0, 'Malá');
  const cases: [string, Record<string, string>, Discussion[]][] = [
    ['no Accept-Encoding (Node clients)', {}, [big, discussion(3), discussion(1, 'Ďalšia')]],
    ['gzip accepted (browsers)', { 'Accept-Encoding': 'gzip, deflate, br' }, [big, discussion(3), discussion(1, 'Ďalšia')]],
    ['only deflate accepted', { 'Accept-Encoding': 'gzip;q=0, deflate' }, [big, discussion(2)]],
    ['gzip accepted, a payload under the compression threshold', { 'Accept-Encoding': 'gzip' }, [small, small]],
  ];

  it.each(cases)('with %s: the same answers as socket.io without the hub', async (_, headers, payloads) => {
    const ours = await pollsFor(await startHub(), payloads, headers);
    const theirs = await pollsFor(await startPlainSocketIo(), payloads, headers);
    expect(ours.map((answer) => answer.status)).toEqual(theirs.map((answer) => answer.status));
    expect(ours.map(decoded)).toEqual(theirs.map(decoded));
    expect(ours.map((answer) => answer.headers['content-encoding'])).toEqual(theirs.map((answer) => answer.headers['content-encoding']));
    expect(ours.map((answer) => answer.headers['content-type'])).toEqual(theirs.map((answer) => answer.headers['content-type']));
    // And what that is: the first broadcast alone, then the others queued meanwhile, separated by \x1e.
    expect(decoded(ours[0]!)).toBe(engineText(payloads[0]!));
    if (payloads.length > 1) expect(decoded(ours[1]!)).toBe(payloads.slice(1).map(engineText).join('\x1e'));
    for (const answer of ours) {
      if (answer.headers['content-length'] !== undefined) expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
  });
});

describe('a broadcast to socket.io clients', () => {
  const open = (url: string, token: string, transports?: ('polling' | 'websocket')[]) => {
    const socket = connect(url, { path: HUB_PATH, auth: { token }, reconnection: false, ...(transports ? { transports } : {}) });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  /** The next DiscussionChanged, and the transport it came on. */
  const next = (socket: Socket) =>
    new Promise<{ payload: Discussion; transport: string }>((resolve) =>
      socket.once(HUB_EVENTS.discussionChanged, (payload: Discussion) => resolve({ payload, transport: socket.io.engine.transport.name })),
    );

  it('each one receives the whole discussion as broadcast: default options (polling, then websocket), polling only, websocket only', async () => {
    const server = await startHub();
    const byDefault = open(server.url, 'member-1');
    const pollingOnly = open(server.url, 'member-2', ['polling']);
    const websocketOnly = open(server.url, 'member-3', ['websocket']);
    const clients = [byDefault, pollingOnly, websocketOnly];
    await Promise.all(clients.map(connected));

    // The default client may or may not have upgraded yet (the raw tests above hold polling to engine.io's bytes).
    const first = discussion(200);
    const heard = Promise.all(clients.map(next));
    server.broadcast(first);
    const firstHeard = await heard;
    expect(firstHeard.slice(1).map((h) => h.transport)).toEqual(['polling', 'websocket']);
    for (const { payload } of firstHeard) expect(payload).toEqual(first);

    await new Promise<void>((resolve) =>
      byDefault.io.engine.transport.name === 'websocket' ? resolve() : byDefault.io.engine.once('upgrade', () => resolve()),
    );
    for (const payload of [discussion(201), discussion(1, 'Ďalšia'), discussion(202)]) {
      const again = Promise.all(clients.map(next));
      server.broadcast(payload);
      const heardAgain = await again;
      expect(heardAgain.map((h) => h.transport)).toEqual(['websocket', 'polling', 'websocket']);
      for (const h of heardAgain) expect(h.payload).toEqual(payload);
    }
  });

  it('a client that is not signed in hears nothing', async () => {
    const server = await startHub();
    const member = open(server.url, 'member-1', ['polling']);
    await connected(member);
    const stranger = open(server.url, 'not a member', ['polling']);
    const refused = new Promise<string>((resolve) => stranger.once('connect_error', (error) => resolve(error.message)));
    let strangerHeard = 0;
    stranger.on(HUB_EVENTS.discussionChanged, () => (strangerHeard += 1));
    expect(await refused).toBe('unauthorized');
    const heard = next(member);
    server.broadcast(discussion(5));
    expect((await heard).payload).toEqual(discussion(5));
    expect(strangerHeard).toBe(0);
  });
});

describe('acceptedEncoding: the compression engine.io picks for a long-polling answer', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'gzip'],
    ['deflate, gzip', 'deflate'],
    ['deflate', 'deflate'],
    ['gzip;q=0, deflate', 'deflate'],
    ['deflate;q=0.5, gzip;q=0.4', 'deflate'],
    ['*', 'gzip'],
    ['*;q=0.5, gzip;q=0', 'deflate'],
    ['gzip;q=0.5, *', 'deflate'],
    ['identity', null],
    ['br', null],
    ['gzip;q=0,deflate;q=0', null],
    [' GZIP ', 'gzip'],
  ] as const)('Accept-Encoding %j: %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
