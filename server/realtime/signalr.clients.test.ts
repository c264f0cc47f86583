import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import type { Round } from '../../shared/api/rounds';
import { HUB_PATH, HUB_SESSION_COOKIE } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { useClubWithMember } from '../test-support/club-with-member';
import { MEMBER_PASSWORD } from '../test-support/members';
import { passwordResetPath, waitForMail } from '../test-support/mail';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';
import { within } from './test-support/foreign-clients';

// Obskurnee's own client speaks SignalR: Microsoft's client, as it connects, over every transport. In Node
// it brings its own WebSocket (ws) and EventSource (eventsource) packages: these are real transports.

const given = useClubWithMember();
const hubConnections: HubConnection[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(hubConnections.splice(0).map((connection) => connection.stop().catch(() => {})));
});

const TRANSPORTS = [
  ['default options', undefined],
  ['WebSockets', HttpTransportType.WebSockets],
  ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ['long polling', HttpTransportType.LongPolling],
] as const;

function build(club: TestServer, token: string, options: { transport?: HttpTransportType; reconnect?: boolean } = {}): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${club.url}${HUB_PATH}`, { accessTokenFactory: () => token, ...(options.transport === undefined ? {} : { transport: options.transport }) })
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect();
  const connection = builder.build();
  hubConnections.push(connection);
  return connection;
}

/** The next DiscussionChanged for the discussion, within a second. */
function nextDiscussion(connection: HubConnection, discussionId: number): Promise<Discussion> {
  return within(
    new Promise<Discussion>((resolve) => {
      const listener = (discussion: Discussion) => {
        if (discussion.discussionId !== discussionId) return;
        connection.off(HUB_EVENTS.discussionChanged, listener);
        resolve(discussion);
      };
      connection.on(HUB_EVENTS.discussionChanged, listener);
    }),
    1_000,
    `${HUB_EVENTS.discussionChanged} for discussion ${discussionId}`,
  );
}

async function startRound(club: TestServer, mod: string, title: string): Promise<number> {
  return (await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title })).bookDiscussionId!;
}

/** Resolves with the error the connection closed with (undefined for none), within 5 s. */
function closed(connection: HubConnection): Promise<Error | undefined> {
  return within(new Promise((resolve) => connection.onclose((error) => resolve(error))), 5_000, 'onclose');
}

async function refusal(connection: HubConnection): Promise<string> {
  return within(
    connection.start().then(
      () => 'connected',
      (error: Error) => error.message,
    ),
    4_000,
    'start()',
  );
}

describe("Microsoft's SignalR client on /hubs/events", () => {
  it.each(TRANSPORTS)('with %s: connects with a member token and receives DiscussionChanged for a new post within a second', async (_, transport) => {
    const { club, mod, ann } = given;
    const discussionId = await startRound(club, mod, 'Autumn');
    const connection = build(club, ann.token, { transport });
    await within(connection.start(), 4_000, 'start()');
    expect(connection.state).toBe(HubConnectionState.Connected);

    const changed = nextDiscussion(connection, discussionId);
    await ok(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Dune'));
    const discussion = await changed;
    expect(discussion).toMatchObject({ discussionId, title: 'Autumn: book suggestions' });
    expect(discussion.posts.map((post) => post.title)).toEqual(['Dune']);

    // The hub has no methods for clients: a call is answered with an error, and the connection stays.
    await expect(connection.invoke('SendMessage', 'hello')).rejects.toThrow(/no such method/);
    const again = nextDiscussion(connection, discussionId);
    await ok(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Solaris'));
    expect((await again).posts.map((post) => post.title)).toEqual(['Dune', 'Solaris']);
  });

  it('socket.io clients with default options receive the same event alongside', async () => {
    const { club, mod, ann } = given;
    const discussionId = await startRound(club, mod, 'Winter');
    const connection = build(club, ann.token);
    await connection.start();
    const socket = connectSocketIo(club.url, { path: HUB_PATH, auth: { token: ann.token }, reconnection: false });
    sockets.push(socket);
    await within(new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject))), 4_000, 'socket.io connect');

    const overSignalR = nextDiscussion(connection, discussionId);
    const overSocketIo = within(new Promise<Discussion>((resolve) => socket.once(HUB_EVENTS.discussionChanged, resolve)), 1_000, 'socket.io event');
    await ok(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Dune'));
    expect(await overSocketIo).toEqual(await overSignalR);
  });

  it('is refused (401) with a forged token or none, and the client stops', async () => {
    const { club, ann } = given;
    expect(await refusal(build(club, ann.token.slice(0, -4) + 'AAAA'))).toMatch(/401/);
    expect(await refusal(build(club, ''))).toMatch(/401/);
  });

  it.each(TRANSPORTS)('with %s: a password reset closes the open connection for good, and its old token is refused', async (_, transport) => {
    const { club, ann } = given;
    const connection = build(club, ann.token, { transport, reconnect: true });
    await connection.start();
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    const ended = closed(connection);

    expect((await club.call('POST', `/api/accounts/passwordreset/${ann.email}`)).status).toBe(200);
    const match = /\/passwordreset\/([\w-]+)\/([\w-]+)$/.exec(passwordResetPath(await waitForMail(club, ann.email)))!;
    const reset = await club.call('POST', `/api/accounts/passwordreset/token/${match[1]}`, {
      body: { resetToken: match[2], password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);

    expect((await ended)?.message).toMatch(/session has ended/);
    expect(reconnecting).toBe(false);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(await refusal(build(club, ann.token, { transport }))).toMatch(/401/);
  });

  it('disabling the account closes its connection for good and refuses it afterwards', async () => {
    const { club, mod, ann } = given;
    const connection = build(club, ann.token, { reconnect: true });
    await connection.start();
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    const ended = closed(connection);
    expect((await club.call('POST', `/api/admin/disable/${ann.email}`, { token: mod })).status).toBe(200);
    expect((await ended)?.message).toMatch(/session has ended/);
    expect(reconnecting).toBe(false);
    expect(await refusal(build(club, ann.token))).toMatch(/401/);
    expect(await refusal(build(club, ann.token, { transport: HttpTransportType.LongPolling }))).toMatch(/401/);
  });
});

describe("Obskurnee's own client, which sends no token (its hub let anyone in)", () => {
  /** The cookie a sign-in answer leaves for the live-update path, as a browser keeps it. */
  async function signInCookie(club: TestServer, email: string, password: string): Promise<{ cookie: string; attributes: string }> {
    const signedIn = await fetch(`${club.url}/api/accounts/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const set = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${HUB_SESSION_COOKIE}=`))!;
    expect(set, 'the sign-in leaves the live-update cookie').toBeDefined();
    return { cookie: set.split(';')[0]!, attributes: set.toLowerCase() };
  }

  /** Obskurnee's eventHub.js: withUrl('/hubs/events') and nothing else; the browser adds its cookies (and Origin, when cross-origin). */
  function asObskurneeClient(club: TestServer, headers: Record<string, string>, transport?: HttpTransportType): HubConnection {
    const connection = new HubConnectionBuilder()
      .withUrl(`${club.url}${HUB_PATH}`, { headers, ...(transport === undefined ? {} : { transport }) })
      .configureLogging(LogLevel.None)
      .build();
    hubConnections.push(connection);
    return connection;
  }

  it.each(TRANSPORTS)('with %s: a sign-in leaves a cookie for the hub path alone, and the client receives DiscussionChanged with it', async (_, transport) => {
    const { club, mod, ann } = given;
    const { cookie, attributes } = await signInCookie(club, ann.email, MEMBER_PASSWORD);
    expect(attributes).toContain(`path=${HUB_PATH}`);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    const discussionId = await startRound(club, mod, 'Spring');
    const connection = asObskurneeClient(club, { Cookie: cookie }, transport);
    await within(connection.start(), 4_000, 'start()');
    const changed = nextDiscussion(connection, discussionId);
    await ok(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Dune'));
    expect((await changed).posts.map((post) => post.title)).toEqual(['Dune']);
  });

  it("is refused without the cookie, with it from another site's page, and once the session has ended", async () => {
    const { club, mod, ann } = given;
    const { cookie } = await signInCookie(club, ann.email, MEMBER_PASSWORD);
    expect(await refusal(asObskurneeClient(club, {}))).toMatch(/401/);
    expect(await refusal(asObskurneeClient(club, { Cookie: cookie, Origin: 'https://evil.example' }))).toMatch(/401/);
    // From the club's own page (its Origin) it is let in.
    const own = asObskurneeClient(club, { Cookie: cookie, Origin: club.url });
    await within(own.start(), 4_000, 'start()');
    const ended = closed(own);
    expect((await club.call('POST', `/api/admin/disable/${ann.email}`, { token: mod })).status).toBe(200);
    expect((await ended)?.message).toMatch(/session has ended/);
    expect(await refusal(asObskurneeClient(club, { Cookie: cookie }))).toMatch(/401/);
  });
});

describe('a server restart', () => {
  it('withAutomaticReconnect(): the client comes back to the restarted server on the same port and data folder and receives events again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-signalr-restart-'));
    let club = await startTestServer({ dataDir });
    try {
      const mod = await setUpClub(club);
      const connection = build(club, mod, { reconnect: true });
      await connection.start();
      const reconnected = within(new Promise<void>((resolve) => connection.onreconnected(() => resolve())), 8_000, 'onreconnected');

      const port = club.server.port;
      await club.close();
      club = await startTestServer({ dataDir, port });
      await reconnected;
      expect(connection.state).toBe(HubConnectionState.Connected);

      const discussionId = await startRound(club, mod, 'Spring');
      const changed = nextDiscussion(connection, discussionId);
      await ok(club, 'POST', `/api/discussions/${discussionId}`, mod, bookSuggestion('Dune'));
      expect((await changed).posts.map((post) => post.title)).toEqual(['Dune']);
    } finally {
      await Promise.all(hubConnections.splice(0).map((connection) => connection.stop().catch(() => {})));
      await club.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 15_000);
});
