import { expect, afterAll, beforeAll, vi } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import { HUB_PATH } from '../../../shared/constants';
import { ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * Clients other than our own renderer, talking to the hub the way they do: socket.io-client with its
 * defaults (long-polling first, then an upgrade to websocket), polling only, and raw engine.io requests,
 * well-formed or not, on the hub's path and on every path near it. Each must be answered promptly, and
 * the server must answer GET /api/home afterwards: nothing may be answered twice (ERR_HTTP_HEADERS_SENT,
 * which used to end the process), hang, or throw out of a listener.
 */

/** A request that gets no answer within this long fails its test instead of hanging the suite. */
export const ANSWER_WITHIN_MS = 4_000;
export const HUB = `${HUB_PATH}/`;
export const POLLING = `${HUB}?EIO=4&transport=polling`;
export const TEXT = { 'Content-Type': 'text/plain;charset=UTF-8' };

export const engineError = (code: number, message: string) => JSON.stringify({ code, message });
export const UNKNOWN_SID = engineError(1, 'Session ID unknown');
export const TRANSPORT_UNKNOWN = engineError(0, 'Transport unknown');
export const BAD_PROTOCOL = engineError(5, 'Unsupported protocol version');

/** ASP.NET Core SignalR on the same path (Obskurnee's client): requests without `EIO=`. */
export const NEGOTIATE = `${HUB_PATH}/negotiate?negotiateVersion=1`;
/** SignalR's record separator: every hub-protocol message ends with it. */
export const RS = '\x1e';
export const SIGNALR_HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
/** A SignalR connection's transport requests, by its connection token. */
export const signalRConnection = (token: string) => `${HUB_PATH}?id=${encodeURIComponent(token)}`;

function describeError(error: unknown): string {
  if (error instanceof Error) return `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`;
  return String(error);
}

/** The promise, or a rejection after `ms`. Left unawaited (its test failed earlier), it is no unhandled rejection. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

/**
 * Closes the club and expects the close to finish within 5 s whatever its clients are still doing. `hangUp`
 * then stops the test's own clients, and the close is awaited, so a failure leaves nothing behind.
 */
export async function expectPromptClose(club: TestServer, what: string, hangUp: () => unknown): Promise<void> {
  const started = performance.now();
  const closing = club.close();
  try {
    await within(closing, 5_000, `RunningServer.close() with ${what}`);
  } finally {
    await hangUp();
    await closing;
  }
  expect(performance.now() - started).toBeLessThan(5_000);
}

export interface Answer {
  status: number;
  text: string;
}

/**
 * A club whose server runs in this process, so an exception thrown out of one of its listeners lands here;
 * call once at the top of a test file. `start` opens a fresh club (set up, admin signed in as `token`).
 */
export function useWatchedClub() {
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

  const hub = {
    club: undefined as unknown as TestServer,
    token: '',

    async start() {
      hub.forgetTroubles();
      hub.club = await startTestServer();
      hub.token = await setUpClub(hub.club);
    },

    /** Between tests sharing one club: what an earlier test left is not this one's trouble. */
    forgetTroubles() {
      uncaught.length = 0;
      consoleError.mockClear();
    },

    /** Everything thrown out of a listener, and any "headers already sent" the server logged. */
    troubles(): string[] {
      const logged = consoleError.mock.calls
        .map((args) => args.map((arg) => (arg instanceof Error ? `${describeError(arg)}\n${arg.stack}` : String(arg))).join(' '))
        .filter((line) => /ERR_HTTP_HEADERS_SENT|headers after they are sent/i.test(line));
      return [...uncaught.map((error) => `uncaught ${describeError(error)}`), ...logged];
    },

    /** One HTTP request that must be answered within ANSWER_WITHIN_MS. */
    async send(method: string, path: string, options: { body?: RequestInit['body']; headers?: Record<string, string> } = {}): Promise<Answer> {
      let response: Response;
      let text: string;
      try {
        response = await fetch(hub.club.url + path, {
          method,
          body: options.body,
          headers: options.headers,
          signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        });
        text = await response.text();
      } catch (error) {
        throw new Error(`${method} ${path}: no answer (${describeError(error)}; cause: ${describeError((error as Error).cause)})`, { cause: error });
      }
      return { status: response.status, text };
    },

    /** The server still answers, and nothing was thrown out of it or answered twice. */
    async expectAlive(after: string) {
      const home = await hub.send('GET', '/api/home');
      expect(home.status, `GET /api/home after ${after}`).toBe(200);
      expect(hub.troubles(), `after ${after}`).toEqual([]);
    },

    /** A fresh engine.io session over long-polling: answers its sid. */
    async handshake(): Promise<string> {
      const answer = await hub.send('GET', POLLING);
      expect(answer.status).toBe(200);
      expect(answer.text.startsWith('0')).toBe(true);
      return (JSON.parse(answer.text.slice(1)) as { sid: string }).sid;
    },

    /**
     * A SignalR connection opened by hand as long polling (negotiate, then the first poll, answered at once)
     * with the handshake sent: answers its transport path.
     */
    async longPolling(options: { handshake?: string } = {}): Promise<string> {
      const negotiated = await hub.send('POST', NEGOTIATE, { headers: { Authorization: `Bearer ${hub.token}` } });
      expect(negotiated.status).toBe(200);
      const connection = signalRConnection((JSON.parse(negotiated.text) as { connectionToken: string }).connectionToken);
      expect(await hub.send('GET', connection, { headers: { Authorization: `Bearer ${hub.token}` } })).toEqual({ status: 200, text: '' });
      expect((await hub.send('POST', connection, { body: options.handshake ?? SIGNALR_HANDSHAKE, headers: TEXT })).status).toBe(200);
      return connection;
    },

    /** Starts a Books round as the admin: the server broadcasts the new discussion to every signed-in client. */
    async startRound(title: string): Promise<number> {
      const round = await ok<Round>(hub.club, 'POST', '/api/rounds', hub.token, { topic: 'Books', title });
      return round.bookDiscussionId!;
    },
  };
  return hub;
}
