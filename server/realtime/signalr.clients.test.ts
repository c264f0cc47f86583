import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import type { Round } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { OBSKURNEE_EVENTS } from '../../shared/events';
import { useClubWithMember } from '../test-support/club-with-member';
import { MEMBER_PASSWORD } from '../test-support/members';
import { passwordResetPath, waitForMail } from '../test-support/mail';
import { ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';
import { within } from './test-support/foreign-clients';

// Obskurnee's own client speaks SignalR: Microsoft's client, as it connects, over every transport. In Node
// it brings its own WebSocket (ws) and EventSource (eventsource) packages: these are real transports. When
// DiscussionChanged goes out, and what it carries, is signalr.discussion-changed.test.ts's.

const given = useClubWithMember();
const hubConnections: HubConnection[] = [];
afterEach(async () => {
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

/** The next DiscussionChanged, within a second. */
function nextDiscussion(connection: HubConnection): Promise<Discussion | null> {
  return within(
    new Promise<Discussion | null>((resolve) => {
      const listener = (discussion: Discussion | null) => {
        connection.off(OBSKURNEE_EVENTS.discussionChanged, listener);
        resolve(discussion);
      };
      connection.on(OBSKURNEE_EVENTS.discussionChanged, listener);
    }),
    1_000,
    OBSKURNEE_EVENTS.discussionChanged,
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
  it.each(TRANSPORTS)('with %s: connects with a member token and receives DiscussionChanged for a round started within a second', async (_, transport) => {
    const { club, mod, ann } = given;
    const connection = build(club, ann.token, { transport });
    await within(connection.start(), 4_000, 'start()');
    expect(connection.state).toBe(HubConnectionState.Connected);

    const changed = nextDiscussion(connection);
    const discussionId = await startRound(club, mod, 'Autumn');
    expect(await changed).toMatchObject({ discussionId, title: 'Autumn: book suggestions', isClosed: false, posts: [] });

    // The hub has no methods for clients: a call is answered with an error, and the connection stays.
    await expect(connection.invoke('SendMessage', 'hello')).rejects.toThrow(/no such method/);
    const again = nextDiscussion(connection);
    const next = await startRound(club, mod, 'Winter');
    expect((await again)?.discussionId).toBe(next);
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

describe("Obskurnee's own client (eventHub.js)", () => {
  it("signs in, then connects with the sign-in's token (accessTokenFactory), as eventHub.js does; the sign-in leaves no cookie", async () => {
    const { club, mod, ann } = given;
    // Its store keeps the token of the sign-in's answer, and eventHub.js hands that to withUrl once signed in.
    const signedIn = await fetch(`${club.url}/api/accounts/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ann.email, password: MEMBER_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie()).toEqual([]);
    const { token } = (await signedIn.json()) as { token: string };
    const connection = new HubConnectionBuilder()
      .withUrl(`${club.url}${HUB_PATH}`, { accessTokenFactory: () => token })
      .configureLogging(LogLevel.None)
      .build();
    hubConnections.push(connection);
    await within(connection.start(), 4_000, 'start()');
    const changed = nextDiscussion(connection);
    const discussionId = await startRound(club, mod, 'Spring');
    expect((await changed)?.discussionId).toBe(discussionId);
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

      const changed = nextDiscussion(connection);
      const discussionId = await startRound(club, mod, 'Spring');
      expect((await changed)?.discussionId).toBe(discussionId);
    } finally {
      await Promise.all(hubConnections.splice(0).map((connection) => connection.stop().catch(() => {})));
      await club.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 15_000);
});
