import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixSettings, Webhook } from '../../../shared/api/chat';
import type { Post } from '../../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { bundleServer, killAll, startServerProcess, type ServerBundle, type ServerProcess } from '../../test-support/server-process';
import { setUpClub, type TestServer } from '../../test-support/test-server';
import { deliveredOnce, signedWith, startReceiver, type FakeReceiver, type Received } from './chat-receivers';

/**
 * The club's chat end to end (DECISIONS.md "Chat and webhooks"): a webhook receiver that fails its first
 * five requests, a Discord-shaped one, and a Matrix homeserver that rate-limits twice; the server killed
 * (SIGKILL) while deliveries wait, and started again. Every event reaches every receiver once, in order,
 * signed; no answer and no log line holds the access token or a secret.
 */

const TOKEN = 'syt_Y2x1Yg_secretMatrixToken_0Xz';
const ROOM = '!club:matrix.test';
const ENTRY = `
import { startServer } from './start-server';
const server = await startServer({
  dataDir: process.env.BOOKCLUB_CHAT_DATA_DIR,
  port: 0,
  host: '127.0.0.1',
  siteName: 'Chat Club',
  publicUrl: 'https://club.example.org',
  defaultLanguage: 'en',
  timeZone: 'Europe/Bratislava',
  matrixRoomLink: null,
  smtpUrl: null,
  rendererDir: null,
  quiet: true,
  backupsKept: 0,
  matrix: { homeserver: process.env.BOOKCLUB_CHAT_HOMESERVER, roomId: ${JSON.stringify(ROOM)}, accessToken: ${JSON.stringify(TOKEN)} },
  chatRetryDelaysMs: [150],
  chatTimeoutMs: 2000,
});
console.log(JSON.stringify({ listening: server.port }));
`;

let bundle: ServerBundle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-chat-'));
let flaky: FakeReceiver;
let discord: FakeReceiver;
let homeserver: FakeReceiver;
let server: ServerProcess;
let club: TestServer;
let admin: string;
let ann: TestMember;
let jsonHook: Webhook;
let discordHook: Webhook;

const start = async () => {
  server = await startServerProcess(bundle, dataDir, { BOOKCLUB_CHAT_DATA_DIR: dataDir, BOOKCLUB_CHAT_HOMESERVER: homeserver.url });
  club = server.club;
};

beforeAll(async () => {
  bundle = await bundleServer('chat', ENTRY);
  flaky = await startReceiver((_request, index) => ({ status: index < 5 ? 500 : 204 }));
  discord = await startReceiver(() => ({ status: 204 }));
  // Matrix's documented answers: the event id, or M_LIMIT_EXCEEDED with retry_after_ms.
  homeserver = await startReceiver((_request, index) =>
    index < 2
      ? { status: 429, body: { errcode: 'M_LIMIT_EXCEEDED', error: 'Too many requests', retry_after_ms: 100 } }
      : { status: 200, body: { event_id: `$e${index}` } },
  );
  await start();
  admin = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
}, 60_000);

afterAll(async () => {
  await killAll();
  for (const receiver of [flaky, discord, homeserver]) await receiver?.close();
  bundle?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until `done` holds (within 15 s). */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const eventOf = (request: Received) => String(request.headers['x-bookclub-event']);
const deliveryOf = (request: Received) => String(request.headers['x-bookclub-delivery']);
const txnOf = (request: Received) => request.path.split('/').pop()!;

describe('webhooks and the Matrix room', () => {
  it('admins add hooks; the secret comes once; bad addresses and events are a clear 400, and nothing is added', async () => {
    expect((await club.call('POST', '/api/admin/webhooks', { token: ann.token, body: { url: flaky.url, events: ['roundStarted'] } })).status).toBe(403);
    for (const body of [
      { url: 'ftp://example.org/hook', events: ['roundStarted'] },
      { url: 'javascript:alert(1)', events: ['roundStarted'] },
      { url: 'http://user:pass@example.org/hook', events: ['roundStarted'] },
      { url: `${club.url}/api/home`, events: ['roundStarted'] },
      { url: `http://localhost:${new URL(club.url).port}/x`, events: ['roundStarted'] },
      { url: flaky.url, events: [] },
      { url: flaky.url, events: ['everything'] },
      { url: flaky.url, events: ['roundStarted'], format: 'teams' },
      { url: 42, events: ['roundStarted'] },
      { url: `https://example.org/${'x'.repeat(2100)}`, events: ['roundStarted'] },
    ]) {
      const refused = await club.call<{ detail: string }>('POST', '/api/admin/webhooks', { token: admin, body });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const itself = await club.call<{ detail: string }>('POST', '/api/admin/webhooks', {
      token: admin,
      body: { url: `${club.url}/hook`, events: ['roundStarted'] },
    });
    expect(itself.body.detail).toBe('That address is this club itself: a webhook must go elsewhere.');
    expect(await ok<Webhook[]>(club, 'GET', '/api/admin/webhooks', admin)).toEqual([]);

    const events = ['roundStarted', 'discussionClosed', 'pollClosed', 'bookChosen', 'meetingScheduled', 'meetingCancelled', 'reviewAdded'];
    jsonHook = await ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, { url: `${flaky.url}/bookclub`, events });
    expect(jsonHook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    discordHook = await ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, {
      url: `${discord.url}/api/webhooks/1/abc`,
      events: ['bookChosen'],
      format: 'discord',
    });
    const listed = await ok<Webhook[]>(club, 'GET', '/api/admin/webhooks', admin);
    expect(listed.map((hook) => [hook.format, hook.secret])).toEqual([
      ['json', null],
      ['discord', null],
    ]);
    const matrix = await ok<MatrixSettings>(club, 'GET', '/api/admin/matrix', admin);
    expect(matrix).toMatchObject({ homeserver: homeserver.url, roomId: ROOM, hasAccessToken: true, from: 'settings' });
    expect((await club.call('PUT', '/api/admin/matrix', { token: admin, body: { homeserver: homeserver.url, roomId: ROOM, accessToken: 'x' } })).status).toBe(
      409,
    );
  });

  it('delivers every club event once, in order, to each receiver, across five failures and a kill -9', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Spring' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Solaris'));
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, admin);
    // The receiver has failed a few times: the server dies while deliveries wait for their next try.
    await until(() => flaky.received.length >= 3, 'three failed tries');
    server.child.kill('SIGKILL');
    await server.exited;
    await start();

    await ok(club, 'POST', `/api/polls/${closed.discussion!.pollId}/vote`, ann.token, { postIds: [post.postId] });
    await ok(club, 'POST', `/api/rounds/close-poll/${closed.discussion!.pollId}`, admin);
    await until(() => deliveredOnce(flaky.received, deliveryOf).length >= 4, 'four events through the flaky hook');
    const expected = ['roundStarted', 'discussionClosed', 'pollClosed', 'bookChosen'];
    const through = deliveredOnce(flaky.received, deliveryOf);
    expect(through.map(eventOf)).toEqual(expected);
    expect(flaky.received.slice(0, 5).every((request) => request.status === 500)).toBe(true);
    for (const request of flaky.received) expect(signedWith(request, jsonHook.secret!)).toBe(true);
    // A retry sends the same delivery: the same id, the same bytes.
    expect(new Set(flaky.received.filter((r) => eventOf(r) === 'roundStarted').map((r) => r.body)).size).toBe(1);
    const book = JSON.parse(through[3]!.body);
    expect(book).toMatchObject({
      event: 'bookChosen',
      club: { name: 'Chat Club', url: 'https://club.example.org' },
      data: { title: 'Solaris', author: 'Author of Solaris', order: 1, text: '📖 Our book no. 1: Solaris by Author of Solaris.' },
      links: { page: expect.stringMatching(/^https:\/\/club\.example\.org\/knihy\/\d+$/) },
    });
    expect(Date.parse(book.occurredOn)).not.toBeNaN();

    await until(() => deliveredOnce(discord.received, deliveryOf).length >= 1 && deliveredOnce(homeserver.received, txnOf).length >= 4, 'discord and matrix');
    expect(JSON.parse(discord.received[0]!.body)).toEqual({
      content: expect.stringMatching(/^📖 Our book no\. 1: Solaris by Author of Solaris\. https:\/\/club\.example\.org\/knihy\/\d+$/),
      allowed_mentions: { parse: [] },
    });
    expect(signedWith(discord.received[0]!, discordHook.secret!)).toBe(true);
    const matrixMessages = deliveredOnce(homeserver.received, txnOf);
    expect(matrixMessages.map((r) => JSON.parse(r.body).body.split(':')[0])).toEqual([
      '📚 A new round has begun',
      '🗳️ Time to vote',
      '✅ The poll “Spring',
      '📖 Our book no. 1',
    ]);
    for (const request of homeserver.received) {
      expect(request.method).toBe('PUT');
      expect(request.path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!club%3Amatrix\.test\/send\/m\.room\.message\/[0-9a-f-]{36}$/);
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(JSON.parse(matrixMessages[0]!.body)).toMatchObject({ msgtype: 'm.notice', format: 'org.matrix.custom.html', 'm.mentions': {} });

    const status = (await ok<Webhook[]>(club, 'GET', '/api/admin/webhooks', admin))[0]!.deliveries;
    expect(status).toMatchObject({ state: 'delivered', pending: 0, lastStatus: 204, lastError: null, nextAttemptOn: null });
  });

  it('never shows the access token or a secret in an answer or a log line', async () => {
    const answers = JSON.stringify([await ok(club, 'GET', '/api/admin/webhooks', admin), await ok(club, 'GET', '/api/admin/matrix', admin)]);
    for (const secret of [TOKEN, jsonHook.secret!, discordHook.secret!]) expect(answers).not.toContain(secret);
    // A webhook's address may hold a token too (Discord's do): the log names hooks by number.
    for (const secret of [TOKEN, jsonHook.secret!, discordHook.secret!, flaky.url, '/api/webhooks/1/abc']) expect(server.stderr()).not.toContain(secret);
    expect(server.stderr()).toMatch(/Chat delivery [0-9a-f-]{36} \(\w+\) to webhook \d+ failed: HTTP 500/);
  });

  it('a removed hook gets nothing more', async () => {
    const left = await ok<Webhook[]>(club, 'DELETE', `/api/admin/webhooks/${discordHook.webhookId}`, admin);
    expect(left.map((hook) => hook.webhookId)).toEqual([jsonHook.webhookId]);
    expect((await club.call('DELETE', `/api/admin/webhooks/${discordHook.webhookId}`, { token: admin })).status).toBe(404);
    await ok(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Summer' });
    await until(() => deliveredOnce(flaky.received, deliveryOf).length >= 5, 'the next round through the json hook');
    expect(deliveredOnce(discord.received, deliveryOf)).toHaveLength(1);
  });
});
