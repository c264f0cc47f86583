import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixSettings, Webhook } from '../../../shared/api/chat';
import type { Post } from '../../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { signedWith, startHomeserver, startReceiver, type FakeReceiver, type Received } from './chat-receivers';

/**
 * The chat as an admin sets it up and an attacker tries it: addresses that are the club or link-local however
 * spelt, the Matrix room checked before it is saved, a member named `@everyone`, Standard Webhooks signatures
 * (checked by the `standardwebhooks` package and by the README's receiver, which refuses a replay), secrets old
 * and new, edits that keep what waits, and a receiver that needs the admin's attention.
 */

const TOKEN = 'syt_Y2x1Yg_adminRoomToken_9Qa';
const ROOM = '!river:matrix.test';
let club: TestServer;
let admin: string;
let everyone: TestMember;
let homeserver: FakeReceiver;
/** Each receiver's answer now: tests switch it. */
const answers = new Map<string, number>();
const receivers: FakeReceiver[] = [];

async function receiver(name: string, status = 204): Promise<FakeReceiver> {
  answers.set(name, status);
  const fake = await startReceiver(() => ({ status: answers.get(name)!, body: { message: 'Unknown Webhook', code: 10015 } }));
  receivers.push(fake);
  return fake;
}

beforeAll(async () => {
  // Long pauses: only what a test does (a retry, a save, an edit) makes a second try.
  club = await startTestServer({ chatRetryDelaysMs: [60_000], chatTimeoutMs: 3_000, publicUrl: 'https://club.example.org' });
  admin = await setUpClub(club);
  everyone = await addMember(club, { name: '@everyone' });
  homeserver = await startHomeserver({ token: TOKEN, rooms: [ROOM] });
});

afterAll(async () => {
  await club.close();
  for (const fake of [homeserver, ...receivers]) await fake.close();
});

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const hooks = () => ok<Webhook[]>(club, 'GET', '/api/admin/webhooks', admin);
const hookOf = async (id: number) => (await hooks()).find((hook) => hook.webhookId === id)!;
const addHook = (url: string, events: string[], format = 'json') => ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, { url, events, format });
const headersOf = (request: Received) => Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

describe('addresses the chat refuses', () => {
  it('the club itself however spelt, and link-local addresses, for a hook and for the homeserver', async () => {
    const port = new URL(club.url).port;
    const itself = [
      '[::ffff:127.0.0.1]',
      'localhost.',
      'LOCALHOST',
      '127.1',
      '0x7f000001',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '0.0.0.0',
      'bot.localhost',
      '[::127.0.0.1]',
    ];
    for (const host of itself) {
      const refused = await club.call('POST', '/api/admin/webhooks', { token: admin, body: { url: `http://${host}:${port}/hook`, events: ['roundStarted'] } });
      expect([host, refused.status, refused.body.detail]).toEqual([host, 400, 'That address is this club itself: a webhook must go elsewhere.']);
    }
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]:8080/hook', 'http://[::ffff:169.254.169.254]/', 'http://[FEBF::a:b]/']) {
      const refused = await club.call('POST', '/api/admin/webhooks', { token: admin, body: { url, events: ['roundStarted'] } });
      expect([url, refused.status, refused.body.errors?.url]).toEqual([
        url,
        400,
        ['That is a link-local address (169.254.x.x or fe80::): the club does not send there.'],
      ]);
    }
    const room = (homeserver: string) => club.call('PUT', '/api/admin/matrix', { token: admin, body: { homeserver, roomId: ROOM, accessToken: TOKEN } });
    expect((await room(`http://[::ffff:127.0.0.1]:${port}/`)).body.errors).toEqual({
      homeserver: ["That address is this club itself: enter the Matrix homeserver's."],
    });
    expect((await room('http://169.254.169.254/')).status).toBe(400);
    expect(await hooks()).toEqual([]);
  });
});

describe('the Matrix room, checked before it is saved', () => {
  it('names a refused token, a room the bot has not joined, or no homeserver, in the homeserver’s words; keeps a path', async () => {
    const put = (body: object, language = 'en') =>
      club.call('PUT', '/api/admin/matrix', {
        token: admin,
        body: { homeserver: `${homeserver.url}/some/prefix`, roomId: ROOM, accessToken: TOKEN, ...body },
        headers: { 'Accept-Language': language },
      });
    const badToken = await put({ accessToken: 'syt_wrong' });
    expect(badToken.status).toBe(400);
    expect(badToken.body.detail).toBe(
      'The homeserver refused the access token (HTTP 401 M_UNKNOWN_TOKEN: Invalid access token passed.): copy it again from the account that posts.',
    );
    expect(Object.keys(badToken.body.errors)).toEqual(['accessToken']);
    const notJoined = await put({ roomId: '!elsewhere:matrix.test' }, 'sk');
    expect(notJoined.body.detail).toMatch(/^@clubbot:matrix\.test nie je členom miestnosti !elsewhere:matrix\.test \(HTTP 403 M_FORBIDDEN: User @clubbot/);
    expect(Object.keys(notJoined.body.errors)).toEqual(['roomId']);
    const closed = await startReceiver(() => ({ status: 204 }));
    await closed.close();
    const nobody = await club.call('PUT', '/api/admin/matrix', { token: admin, body: { homeserver: closed.url, roomId: ROOM, accessToken: TOKEN } });
    expect(nobody.body.detail).toBe('The homeserver did not answer as a Matrix homeserver should (ECONNREFUSED): check its address.');
    const notMatrix = await receiver('not-matrix', 200);
    expect((await club.call('PUT', '/api/admin/matrix', { token: admin, body: { homeserver: notMatrix.url, roomId: ROOM, accessToken: TOKEN } })).status).toBe(
      400,
    );
    expect((await ok<MatrixSettings>(club, 'GET', '/api/admin/matrix', admin)).from).toBeNull();

    const saved = (await put({})).body as MatrixSettings;
    expect(saved).toMatchObject({ homeserver: `${homeserver.url}/some/prefix`, roomId: ROOM, from: 'admin', deliveries: { state: 'none', pending: 0 } });
  });
});

describe('a member named @everyone, and Standard Webhooks', () => {
  let discord: FakeReceiver;
  let bot: FakeReceiver;
  let botHook: Webhook;

  it('a review pings no one on Discord or Matrix, and a JSON delivery verifies with the standardwebhooks package', async () => {
    discord = await receiver('discord');
    bot = await receiver('bot');
    await addHook(`${discord.url}/api/webhooks/1234/${'T0k'.repeat(20)}`, ['reviewAdded'], 'discord');
    botHook = await addHook(`${bot.url}/bookclub?key=s3cret`, ['bookChosen', 'reviewAdded', 'roundStarted', 'meetingScheduled']);
    expect(botHook.secret).toMatch(/^whsec_/);
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Winter' });
    const post = await ok<Post>(
      club,
      'POST',
      `/api/discussions/${round.bookDiscussionId}`,
      everyone.token,
      bookSuggestion('[Free Nitro](https://evil.example) <@&42>'),
    );
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, admin)).discussion!.pollId!;
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, everyone.token, { postIds: [post.postId] });
    const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, admin)).book!;
    await ok(club, 'POST', `/api/reviews/book/${book.bookId}`, everyone.token, { rating: 5, reviewText: 'Loved it.' });

    await until(() => discord.received.length === 1 && bot.received.length === 3, 'the review on Discord, three events to the bot');
    const ping = JSON.parse(discord.received[0]!.body);
    expect(ping).toEqual({
      content: expect.stringMatching(/^⭐ \\@everyone reviewed \\\[Free Nitro\\\]\\\(https\\:\/\/evil\.example\\\) \\<\\@&42\\>: ★★★★★\. https:/),
      allowed_mentions: { parse: [] },
    });
    await until(() => homeserver.received.some((request) => request.body.includes('reviewed')), 'the review in the Matrix room');
    const review = homeserver.received.find((request) => request.body.includes('reviewed'))!;
    expect(review.path).toMatch(/^\/some\/prefix\/_matrix\/client\/v3\/rooms\/!river%3Amatrix\.test\/send\/m\.room\.message\//);
    expect(JSON.parse(review.body)).toMatchObject({ msgtype: 'm.notice', 'm.mentions': {}, body: expect.stringContaining('@everyone reviewed') });

    const library = new StandardWebhook(botHook.secret!);
    for (const request of bot.received) {
      expect(library.verify(request.body, headersOf(request))).toMatchObject({ club: { name: 'Test Club' } });
      expect(signedWith(request, botHook.secret!)).toBe(true);
      expect(request.headers['webhook-id']).toBe(request.headers['x-bookclub-delivery']);
    }
  });

  it('the README’s receiver takes a delivery once: replayed, under a fresh id, or late, it is refused', async () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const code = /<!-- webhook-receiver:start[^>]*-->\n```js\n([\s\S]*?)```\n<!-- webhook-receiver:end -->/.exec(readme)![1]!;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-receiver-')), 'receiver.mjs');
    fs.writeFileSync(file, code);
    const { verifyDelivery } = (await import(file)) as { verifyDelivery(secret: string, headers: object, body: string, now?: number): { event: string } };
    const [captured] = bot.received;
    const headers = headersOf(captured!);
    expect(verifyDelivery(botHook.secret!, headers, captured!.body).event).toBe('roundStarted');
    expect(() => verifyDelivery(botHook.secret!, headers, captured!.body)).toThrow('replayed');
    // The attack that worked with X-Bookclub-Signature alone: the same body under a fresh id and event.
    const fresh = { ...headers, 'webhook-id': crypto.randomUUID(), 'x-bookclub-delivery': crypto.randomUUID(), 'x-bookclub-event': 'bookChosen' };
    expect(() => verifyDelivery(botHook.secret!, fresh, captured!.body)).toThrow('bad signature');
    expect(() => verifyDelivery(botHook.secret!, headers, captured!.body, Date.now() + 6 * 60_000)).toThrow('too old or too new');
    expect(() => verifyDelivery(botHook.secret!, { ...headers, 'x-bookclub-signature': 'sha256=00' }, captured!.body)).toThrow('bad signature');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('a hook made with a hex secret keeps its key: X-Bookclub-Signature as before, and its whsec_ is that text in base64', async () => {
    const hex = crypto.randomBytes(32).toString('hex');
    // As a hook made before issue 39 keeps it.
    const db = new Database(path.join(club.dataDir, 'bookclub.db'));
    db.prepare('UPDATE webhook SET secret = ? WHERE id = ?').run(hex, botHook.webhookId);
    db.close();
    await ok(club, 'POST', '/api/rounds', admin, { topic: 'Themes', title: 'Spring themes' });
    await until(() => bot.received.length === 4, 'the round to the bot');
    const latest = bot.received[3]!;
    const legacy = `sha256=${crypto.createHmac('sha256', hex).update(latest.body).digest('hex')}`;
    expect(latest.headers['x-bookclub-signature']).toBe(legacy);
    expect(new StandardWebhook(`whsec_${Buffer.from(hex).toString('base64')}`).verify(latest.body, headersOf(latest))).toMatchObject({ event: 'roundStarted' });
  });
});

describe('mending a receiver', () => {
  it('a hook edited (address, shape) and given a new secret keeps what waits, which goes at once in the new shape and signed anew', async () => {
    const broken = await receiver('broken', 503);
    const hook = await addHook(`${broken.url}/hooks/club`, ['meetingScheduled']);
    await ok(club, 'POST', '/api/meetings', admin, { startsAt: new Date(Date.now() + 86_400_000).toISOString(), place: 'The Lantern' });
    await until(() => broken.received.length === 1, 'the first try');
    expect((await hookOf(hook.webhookId)).deliveries).toMatchObject({ state: 'waiting', pending: 1, lastStatus: 503 });
    const renewed = await ok<Webhook>(club, 'POST', `/api/admin/webhooks/${hook.webhookId}/secret`, admin);
    expect(renewed.secret).not.toBe(hook.secret);
    const slack = await receiver('slack');
    const token = 'xoxbSecretSlackToken1234';
    const changed = await ok<Webhook>(club, 'PATCH', `/api/admin/webhooks/${hook.webhookId}`, admin, {
      url: `${slack.url}/services/T000/B000/${token}`,
      format: 'slack',
    });
    expect(changed).toMatchObject({ format: 'slack', events: ['meetingScheduled'], secret: null, url: `${slack.url}/services/T000/B000/…` });
    await until(() => slack.received.length === 1, 'the waiting delivery at its new address');
    const [delivered] = slack.received;
    expect(JSON.parse(delivered!.body).text).toMatch(/^📅 We meet on .* at The Lantern\. <https:\/\/club\.example\.org\/stretnutia\/\d+>$/);
    expect(delivered!.headers['webhook-id']).toBe(broken.received[0]!.headers['webhook-id']);
    expect(new StandardWebhook(renewed.secret!).verify(delivered!.body, headersOf(delivered!))).toBeTruthy();
    expect(() => new StandardWebhook(hook.secret!).verify(delivered!.body, headersOf(delivered!))).toThrow();
    expect((await hookOf(hook.webhookId)).deliveries).toMatchObject({ state: 'delivered', pending: 0, lastError: null });
  });

  it('admin answers mask the secret parts of addresses', async () => {
    const answer = JSON.stringify(await hooks());
    expect(answer).toContain('/api/webhooks/1234/…');
    expect(answer).toContain('/bookclub?key=…');
    for (const secret of ['T0kT0k', 's3cret', 'xoxbSecretSlackToken1234']) expect(answer).not.toContain(secret);
  });

  it('a receiver refused five times running needs attention, keeps its reason, and is tried daily; no other waits for it', async () => {
    const gone = await receiver('gone', 404);
    const fine = await receiver('fine');
    const goneHook = await addHook(`${gone.url}/api/webhooks/9/x`, ['roundStarted'], 'discord');
    await addHook(`${fine.url}/ok`, ['roundStarted']);
    await ok(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Autumn' });
    await until(() => gone.received.length === 1 && fine.received.length === 1, 'both tried');
    for (let tries = 2; tries <= 5; tries++) {
      expect((await hookOf(goneHook.webhookId)).deliveries.state).toBe('waiting');
      await ok(club, 'POST', `/api/admin/webhooks/${goneHook.webhookId}/retry`, admin);
      await until(() => gone.received.length === tries, `try ${tries}`);
      await until(async () => (await hookOf(goneHook.webhookId)).deliveries.lastTriedOn !== null && gone.received.length === tries, 'its row written');
    }
    await until(async () => (await hookOf(goneHook.webhookId)).deliveries.state === 'needsAttention', 'needs attention');
    const status = (await hookOf(goneHook.webhookId)).deliveries;
    expect(status).toMatchObject({ lastStatus: 404, lastError: 'HTTP 404 Unknown Webhook', pending: 1 });
    expect(Date.parse(status.nextAttemptOn!) - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
    // Mended, and tried again at once: delivered, and needing nothing.
    answers.set('gone', 204);
    await ok(club, 'POST', `/api/admin/webhooks/${goneHook.webhookId}/retry`, admin);
    await until(async () => (await hookOf(goneHook.webhookId)).deliveries.state === 'delivered', 'delivered after the fix');
  });
});
