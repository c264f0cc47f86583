import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import type { Round } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Clients other than our own renderer, talking to the hub the way they do: socket.io-client with its
 * defaults (long-polling first, then an upgrade to websocket), polling only, and raw engine.io requests,
 * well-formed or not, on the hub's path and on every path near it. Each must be answered promptly, and
 * the server must answer GET /api/home afterwards: nothing may be answered twice (ERR_HTTP_HEADERS_SENT,
 * which used to end the process), hang, or throw out of a listener.
 */

/** A request that gets no answer within this long fails its test instead of hanging the suite. */
const ANSWER_WITHIN_MS = 4_000;
const HUB = `${HUB_PATH}/`;
const POLLING = `${HUB}?EIO=4&transport=polling`;
const TEXT = { 'Content-Type': 'text/plain;charset=UTF-8' };

// The server runs in this process: an exception thrown out of one of its listeners lands here.
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => {
  uncaught.push(error);
};
const consoleError = vi.spyOn(console, 'error');
beforeAll(() => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  consoleError.mockRestore();
});

function describeError(error: unknown): string {
  if (error instanceof Error) return `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`;
  return String(error);
}

/** Everything thrown out of a listener, and any "headers already sent" the server logged. */
function troubles(): string[] {
  const logged = consoleError.mock.calls
    .map((args) => args.map((arg) => (arg instanceof Error ? `${describeError(arg)}\n${arg.stack}` : String(arg))).join(' '))
    .filter((line) => /ERR_HTTP_HEADERS_SENT|headers after they are sent/i.test(line));
  return [...uncaught.map((error) => `uncaught ${describeError(error)}`), ...logged];
}

let club: TestServer;
let token: string;

async function startClub() {
  uncaught.length = 0;
  consoleError.mockClear();
  club = await startTestServer();
  token = await setUpClub(club);
}

interface Answer {
  status: number;
  text: string;
}

/** One HTTP request that must be answered within ANSWER_WITHIN_MS. */
async function send(method: string, path: string, options: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(club.url + path, {
      method,
      body: options.body,
      headers: options.headers,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new Error(`${method} ${path}: no answer (${describeError(error)}; cause: ${describeError((error as Error).cause)})`);
  }
  return { status: response.status, text };
}

/** The server still answers, and nothing was thrown out of it or answered twice. */
async function expectAlive(after: string) {
  const home = await send('GET', '/api/home');
  expect(home.status, `GET /api/home after ${after}`).toBe(200);
  expect(troubles(), `after ${after}`).toEqual([]);
}

/** A fresh engine.io session over long-polling: answers its sid. */
async function handshake(): Promise<string> {
  const answer = await send('GET', POLLING);
  expect(answer.status).toBe(200);
  expect(answer.text.startsWith('0')).toBe(true);
  return (JSON.parse(answer.text.slice(1)) as { sid: string }).sid;
}

const engineError = (code: number, message: string) => JSON.stringify({ code, message });
const UNKNOWN_SID = engineError(1, 'Session ID unknown');
const TRANSPORT_UNKNOWN = engineError(0, 'Transport unknown');
const BAD_PROTOCOL = engineError(5, 'Unsupported protocol version');

/** Starts a Books round as the admin: the server broadcasts the new discussion to every signed-in client. */
async function startRound(title: string): Promise<number> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', token, { topic: 'Books', title });
  return round.bookDiscussionId!;
}

/** The promise, or a rejection after `ms`. Left unawaited (its test failed earlier), it is no unhandled rejection. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const bounded = Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
  bounded.catch(() => {});
  return bounded;
}

describe('socket.io-client as other clients use it', () => {
  const sockets: Socket[] = [];
  beforeEach(startClub);
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await club.close();
  });

  function open(auth: Record<string, unknown>, transports?: ('polling' | 'websocket')[]): Socket {
    const socket = connect(club.url, { path: HUB_PATH, auth, reconnection: false, ...(transports ? { transports } : {}) });
    sockets.push(socket);
    return socket;
  }
  const connected = (socket: Socket) =>
    within(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(new Error(`connect_error: ${error.message}`)));
      }),
      ANSWER_WITHIN_MS,
      'connect',
    );
  const refusal = (socket: Socket) =>
    within(
      new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      }),
      ANSWER_WITHIN_MS,
      'connect_error',
    );
  const nextDiscussion = (socket: Socket, discussionId: number) =>
    within(
      new Promise<Discussion>((resolve) => {
        const listener = (discussion: Discussion) => {
          if (discussion.discussionId !== discussionId) return;
          socket.off(HUB_EVENTS.discussionChanged, listener);
          resolve(discussion);
        };
        socket.on(HUB_EVENTS.discussionChanged, listener);
      }),
      ANSWER_WITHIN_MS,
      `${HUB_EVENTS.discussionChanged} for discussion ${discussionId}`,
    );

  it('with default options: connects over long-polling, receives a broadcast, upgrades to websocket and keeps receiving', async () => {
    const socket = open({ token });
    // The default client starts with long-polling: the very requests that used to crash the server.
    expect(socket.io.engine.transport.name).toBe('polling');
    const upgraded = within(
      new Promise<string>((resolve) => socket.io.engine.once('upgrade', (transport: { name: string }) => resolve(transport.name))),
      ANSWER_WITHIN_MS,
      'upgrade to websocket',
    );
    await connected(socket);

    const firstBroadcast = nextDiscussion(socket, 1);
    const discussionId = await startRound('Autumn');
    expect(discussionId).toBe(1);
    expect(await firstBroadcast).toMatchObject({ discussionId, title: 'Autumn: book suggestions', isClosed: false, posts: [] });

    expect(await upgraded).toBe('websocket');
    expect(socket.io.engine.transport.name).toBe('websocket');
    const afterUpgrade = nextDiscussion(socket, discussionId);
    await ok(club, 'POST', `/api/discussions/${discussionId}`, token, bookSuggestion('Dune'));
    expect((await afterUpgrade).posts.map((post) => post.title)).toEqual(['Dune']);
    expect(socket.connected).toBe(true);
    await expectAlive('a default socket.io client');
  });

  it('with polling only: connects and receives a broadcast', async () => {
    const socket = open({ token }, ['polling']);
    await connected(socket);
    const broadcast = nextDiscussion(socket, 1);
    const discussionId = await startRound('Winter');
    expect(await broadcast).toMatchObject({ discussionId, title: 'Winter: book suggestions' });
    expect(socket.io.engine.transport.name).toBe('polling');
    await expectAlive('a polling-only socket.io client');
  });

  it('refuses a bad token with connect_error "unauthorized", with default options and with polling only', async () => {
    expect(await refusal(open({ token: token.slice(0, -4) + 'AAAA' }))).toBe('unauthorized');
    expect(await refusal(open({}))).toBe('unauthorized');
    expect(await refusal(open({ token: 'not a token' }, ['polling']))).toBe('unauthorized');
    await expectAlive('refused socket.io clients');
  });
});

describe('raw engine.io requests to the hub', () => {
  beforeAll(startClub);
  afterAll(() => club.close());
  afterEach(() => {
    uncaught.length = 0;
    consoleError.mockClear();
  });

  it('the polling handshake answers a session', async () => {
    const answer = await send('GET', POLLING);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text.slice(1))).toMatchObject({
      sid: expect.any(String),
      upgrades: ['websocket'],
      pingInterval: 15_000,
      pingTimeout: 30_000,
      maxPayload: 1_000_000,
    });
    await expectAlive('the handshake');
  });

  it('a CONNECT packet with a valid token connects, and the session receives broadcasts', async () => {
    const sid = await handshake();
    const session = `${POLLING}&sid=${sid}`;
    expect(await send('POST', session, { body: `40${JSON.stringify({ token })}`, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    const ack = await send('GET', session);
    expect(ack.status).toBe(200);
    expect(ack.text).toMatch(/^40\{"sid":"[^"]+"\}$/);
    await expectAlive('a CONNECT with a valid token');

    const discussionId = await startRound(`Raw ${crypto.randomUUID().slice(0, 6)}`);
    const pushed = await send('GET', session);
    expect(pushed.status).toBe(200);
    const event = pushed.text.split('\x1e').find((packet) => packet.startsWith(`42["${HUB_EVENTS.discussionChanged}"`));
    expect(event, pushed.text).toBeDefined();
    expect((JSON.parse(event!.slice(2)) as [string, Discussion])[1].discussionId).toBe(discussionId);
    await expectAlive('a broadcast over raw long-polling');
  });

  it.each([
    ['a bad token', `40${JSON.stringify({ token: 'forged' })}`],
    ['no token', '40'],
    ['a non-string token', '40{"token":12345}'],
  ])('a CONNECT packet with %s is refused: unauthorized', async (_, packet) => {
    const session = `${POLLING}&sid=${await handshake()}`;
    expect(await send('POST', session, { body: packet, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await send('GET', session)).toEqual({ status: 200, text: '44{"message":"unauthorized"}' });
    await expectAlive(`a CONNECT with ${_}`);
  });

  it('a CONNECT packet that is not JSON closes that session only', async () => {
    const session = `${POLLING}&sid=${await handshake()}`;
    expect(await send('POST', session, { body: '40{not json', headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    const closing = await send('GET', session);
    expect(closing.status).toBe(200);
    expect(closing.text.split('\x1e')).toContain('1'); // engine.io "close"
    expect(await send('GET', session)).toEqual({ status: 400, text: UNKNOWN_SID });
    await expectAlive('a CONNECT that is not JSON');
  });

  it('binary junk is refused as binary (400), and as text it closes the session', async () => {
    const junk = crypto.randomBytes(512);
    const first = `${POLLING}&sid=${await handshake()}`;
    expect((await send('POST', first, { body: junk, headers: { 'Content-Type': 'application/octet-stream' } })).status).toBe(400);
    expect(await send('GET', first)).toEqual({ status: 400, text: UNKNOWN_SID });
    await expectAlive('binary junk as application/octet-stream');

    const second = `${POLLING}&sid=${await handshake()}`;
    expect(await send('POST', second, { body: junk, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await send('GET', second)).toEqual({ status: 400, text: UNKNOWN_SID });
    await expectAlive('binary junk as text');
  });

  it('an empty body closes the session', async () => {
    const session = `${POLLING}&sid=${await handshake()}`;
    expect(await send('POST', session, { body: '', headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await send('GET', session)).toEqual({ status: 400, text: UNKNOWN_SID });
    await expectAlive('an empty body');
  });

  it('a body over maxHttpBufferSize (1 MB) is answered 413, and the session still works', async () => {
    const session = `${POLLING}&sid=${await handshake()}`;
    const huge = `42${JSON.stringify(['x', 'y'.repeat(2_000_000)])}`;
    expect((await send('POST', session, { body: huge, headers: TEXT })).status).toBe(413);
    await expectAlive('a 2 MB body');
    expect(await send('POST', session, { body: `40${JSON.stringify({ token })}`, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect((await send('GET', session)).text).toMatch(/^40\{"sid":/);
    await expectAlive('a CONNECT after a 413');
  });

  it('a handshake by POST is refused: 400 bad handshake method', async () => {
    expect(await send('POST', POLLING, { body: '40', headers: TEXT })).toEqual({ status: 400, text: engineError(2, 'Bad handshake method') });
    await expectAlive('a handshake by POST');
  });

  it.each(['GET', 'POST'])('an unknown sid is answered 400 (%s)', async (method) => {
    const body = method === 'POST' ? '40' : undefined;
    expect(await send(method, `${POLLING}&sid=no-such-session`, { body, headers: TEXT })).toEqual({ status: 400, text: UNKNOWN_SID });
    await expectAlive(`${method} with an unknown sid`);
  });

  it.each(['3', '5', 'abc', ''])('EIO=%s is answered 400 unsupported protocol version', async (eio) => {
    expect(await send('GET', `${HUB}?EIO=${eio}&transport=polling`)).toEqual({ status: 400, text: BAD_PROTOCOL });
    await expectAlive(`EIO=${eio}`);
  });

  it.each([
    ['transport=foo', `${HUB}?EIO=4&transport=foo`, TRANSPORT_UNKNOWN],
    ['transport=websocket without an upgrade', `${HUB}?EIO=4&transport=websocket`, engineError(3, 'Bad request')],
    ['no query at all', HUB, TRANSPORT_UNKNOWN],
    ['no transport', `${HUB}?EIO=4`, TRANSPORT_UNKNOWN],
  ])('%s is answered 400', async (what, path, text) => {
    expect(await send('GET', path)).toEqual({ status: 400, text });
    await expectAlive(what);
  });
});

describe('every path near the hub, with every method', () => {
  beforeAll(startClub);
  afterAll(() => club.close());
  afterEach(() => {
    uncaught.length = 0;
    consoleError.mockClear();
  });

  // socket.io owns /hubs/events/ and everything under it (engine.io matches the prefix); the app the rest.
  const paths: [string, number][] = [
    ['/hubs/events', 404],
    ['/hubs/eventsX', 404],
    ['/hubs/events/x', 400],
    ['/hubs/', 404],
    ['/hubs', 404],
    ['/hubs/events/?EIO=4', 400],
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  const cases = paths.flatMap(([path, status]) => methods.map((method) => [method, path, status] as const));

  it.each(cases)('%s %s is answered %i', async (method, path, status) => {
    const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
    const answer = await send(method, path, withBody ? { body: '{"token":"x"}', headers: { 'Content-Type': 'application/json' } } : {});
    expect(answer.status).toBe(status);
    await expectAlive(`${method} ${path}`);
  });
});

describe('websocket upgrade requests', () => {
  beforeAll(startClub);
  afterAll(() => club.close());
  afterEach(() => {
    uncaught.length = 0;
    consoleError.mockClear();
  });

  /** Sends a websocket upgrade request; `onUpgrade` gets the socket after a 101. */
  function requestUpgrade(url: string, onUpgrade: (socket: Duplex, head: Buffer) => void): http.ClientRequest {
    const request = http.request(url, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (_, socket, head) => onUpgrade(socket, head));
    request.end();
    return request;
  }

  /**
   * How an upgrade request ends: 'open' (101, then engine.io's open packet), 'upgraded, then close frame'
   * (101, then a websocket close frame), 'upgraded, then closed' (101, then the server hung up), 'answered
   * <status>', or 'closed' (the server hung up without answering). Anything left waiting longer than
   * ANSWER_WITHIN_MS fails.
   */
  function upgrade(path: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`upgrade to ${path}: nothing settled within ${ANSWER_WITHIN_MS} ms`));
      }, ANSWER_WITHIN_MS);
      const settle = (outcome: string) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      const request = requestUpgrade(club.url + path, (socket, head) => {
        let received = head;
        const check = () => {
          // Server frames are unmasked: the first byte is FIN + opcode (0x81 text, 0x88 close).
          if (received.toString('latin1').includes('0{"sid"')) settle('open');
          else if (received[0] === 0x88) settle('upgraded, then close frame');
          else return;
          socket.destroy();
        };
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          check();
        });
        socket.on('close', () => settle('upgraded, then closed'));
        socket.on('error', () => {});
        check();
      });
      request.on('response', (response) => {
        response.resume();
        settle(`answered ${response.statusCode}`);
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') settle('closed');
        else {
          clearTimeout(timer);
          reject(error);
        }
      });
    });
  }

  it('on the hub: upgraded (101), then the engine.io open packet', async () => {
    expect(await upgrade(`${HUB}?EIO=4&transport=websocket`)).toBe('open');
    await expectAlive('a websocket upgrade on the hub');
  });

  // engine.io checks the protocol version and the transport only after the 101, then hangs up.
  it.each([
    [`${HUB}?EIO=3&transport=websocket`, 'upgraded, then closed'],
    [`${HUB}?EIO=4&transport=polling`, 'upgraded, then close frame'],
    [`${HUB}?EIO=4&transport=foo`, 'answered 400'],
    [`${HUB}?EIO=4&transport=websocket&sid=no-such-session`, 'answered 400'],
    [HUB, 'answered 400'],
  ])('on the hub with a bad query (%s): %s', async (path, outcome) => {
    expect(await upgrade(path)).toBe(outcome);
    await expectAlive(`a websocket upgrade to ${path}`);
  });

  // Nobody upgrades these: engine.io hangs up after its destroyUpgradeTimeout (1 s), not never.
  it.each(['/hubs/eventsX', '/hubs/events', '/hubs/', '/api/home'])('near the hub (%s): the server hangs up promptly', async (path) => {
    const started = performance.now();
    expect(await upgrade(path)).toBe('closed');
    expect(performance.now() - started).toBeLessThan(3_000);
    await expectAlive(`a websocket upgrade to ${path}`);
  });

  // A client that went silent (a laptop asleep, a frozen tab, a broken proxy) never answers the websocket close
  // frame. Closing the server (quitting the desktop app, a restore restarting the club) should not wait on it.
  it('closing the server does not wait for a silent websocket peer', async () => {
    const own = await startTestServer();
    const silent = await within(
      new Promise<Duplex>((resolve) => requestUpgrade(`${own.url}${HUB}?EIO=4&transport=websocket`, resolve)),
      ANSWER_WITHIN_MS,
      'upgrade',
    );
    silent.on('error', () => {});
    silent.resume(); // reads and ignores everything, the close frame included
    const started = performance.now();
    const closing = own.close();
    try {
      await within(closing, 5_000, 'RunningServer.close() with a silent websocket peer');
    } finally {
      // Hanging up ourselves lets the close finish, so a failure here leaves nothing behind.
      silent.destroy();
      await closing;
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
