import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixSettings, Webhook } from '../../../shared/api/chat';
import { ok } from '../../test-support/round-helpers';
import { bundleServer, killAll, startServerProcess, type ServerBundle, type ServerProcess } from '../../test-support/server-process';
import { setUpClub, type TestServer } from '../../test-support/test-server';
import { startHomeserver, startReceiver, type FakeReceiver } from './chat-receivers';

/**
 * What receivers can do to the club, measured from outside against a server in a process of its own: one that
 * hangs holds up no other; a gzip bomb answered with 429 costs no memory and no member's wait; a homeserver
 * switched off and on, a bot thrown out of the room and let back in, and a failing hook mended are each
 * delivered within 2 s of the admin's "Try again now" (or of saving the room), not after the 30 s pause.
 */

const TOKEN = 'syt_bGFuZXM_laneToken_7Rq';
const ROOM = '!lanes:matrix.test';
const ENTRY = `
import { startServer } from './start-server';
const server = await startServer({
  dataDir: process.env.BOOKCLUB_CHAT_DATA_DIR,
  port: 0,
  host: '127.0.0.1',
  siteName: 'Lane Club',
  defaultLanguage: 'en',
  matrixRoomLink: null,
  smtpUrl: null,
  rendererDir: null,
  quiet: true,
  backupsKept: 0,
  chatRetryDelaysMs: [30000],
  chatTimeoutMs: 8000,
});
console.log(JSON.stringify({ listening: server.port }));
`;

let bundle: ServerBundle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-lanes-'));
let server: ServerProcess;
let club: TestServer;
let admin: string;
const rooms = [ROOM];
let homeserver: FakeReceiver;
const fakes: FakeReceiver[] = [];
const homeserverOn = async (port = 0) => {
  homeserver = await startHomeserver({ token: TOKEN, rooms, port });
  return homeserver;
};

beforeAll(async () => {
  bundle = await bundleServer('lanes', ENTRY);
  await homeserverOn();
  server = await startServerProcess(bundle, dataDir, { BOOKCLUB_CHAT_DATA_DIR: dataDir });
  club = server.club;
  admin = await setUpClub(club);
  await ok(club, 'PUT', '/api/admin/matrix', admin, { homeserver: homeserver.url, roomId: ROOM, accessToken: TOKEN });
}, 60_000);

afterAll(async () => {
  await killAll();
  for (const fake of [homeserver, ...fakes]) await fake?.close();
  bundle?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(done: () => boolean | Promise<boolean>, what: string, withinMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

async function fake(answer: Parameters<typeof startReceiver>[0]): Promise<FakeReceiver> {
  const receiver = await startReceiver(answer);
  fakes.push(receiver);
  return receiver;
}

const startRound = (title: string) => ok(club, 'POST', '/api/rounds', admin, { topic: 'Books', title });
const matrixSends = () => homeserver.received.filter((request) => request.method === 'PUT').length;

/** The server's resident memory now, in MB (Linux). */
function rssMb(): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe('receivers that cannot hold the club up', () => {
  it('a receiver that hangs delays another by less than 1 s', async () => {
    const hung = await fake(() => 'hang');
    const quick = await fake(() => ({ status: 204 }));
    const hungHook = await ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, { url: `${hung.url}/h`, events: ['roundStarted'] });
    await ok(club, 'POST', '/api/admin/webhooks', admin, { url: `${quick.url}/q`, events: ['roundStarted'] });
    await startRound('First');
    await until(() => quick.received.length === 1 && hung.received.length === 1, 'the first round at both');
    // The hung one's send is under way (for its 8 s timeout): the next event must not wait for it.
    await startRound('Second');
    const waited = await until(() => quick.received.length === 2, 'the second round at the quick one');
    expect(waited).toBeLessThan(1_000);
    await until(() => matrixSends() >= 2, 'both rounds in the room', 1_000);
    await ok(club, 'DELETE', `/api/admin/webhooks/${hungHook.webhookId}`, admin);
  });

  it('a gzip bomb answered with 429 is never inflated: memory grows under 50 MB and home answers within 200 ms', async () => {
    // 1 GB of zeros in 1,024 gzip members of 1 MB each: about 1 MB on the wire.
    const member = zlib.gzipSync(Buffer.alloc(1 << 20), { level: 9 });
    const bomb = Buffer.concat(new Array<Buffer>(1024).fill(member));
    const bomber = await fake(() => ({ status: 429, raw: bomb, headers: { 'Content-Encoding': 'gzip' } }));
    const hook = await ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, { url: `${bomber.url}/b`, events: ['roundStarted'] });
    for (let warm = 0; warm < 20; warm++) await ok(club, 'GET', '/api/home', admin);
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const times: number[] = [];
    let reading = true;
    const member_ = (async () => {
      while (reading) {
        const started = performance.now();
        await ok(club, 'GET', '/api/home', admin);
        times.push(performance.now() - started);
      }
    })();
    try {
      await startRound('Third');
      await until(() => bomber.received.length === 1, 'the first try');
      for (let tries = 2; tries <= 3; tries++) {
        await ok(club, 'POST', `/api/admin/webhooks/${hook.webhookId}/retry`, admin);
        await until(() => bomber.received.length === tries, `try ${tries}`);
      }
      await until(async () => (await ok<Webhook[]>(club, 'GET', '/api/admin/webhooks', admin)).at(-1)!.deliveries.lastStatus === 429, 'the 429 written');
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      reading = false;
      await member_;
      clearInterval(sampler);
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
    expect(peak - before, `RSS ${before.toFixed(0)} → ${peak.toFixed(0)} MB`).toBeLessThan(50);
    expect(p99, `home's p99 over ${times.length} reads`).toBeLessThan(200);
    await ok(club, 'DELETE', `/api/admin/webhooks/${hook.webhookId}`, admin);
  });
});

describe('a fix is tried at once', () => {
  const matrix = () => ok<MatrixSettings>(club, 'GET', '/api/admin/matrix', admin);

  it('a homeserver switched off and on: "Try again now" delivers within 2 s', async () => {
    const port = Number(new URL(homeserver.url).port);
    await homeserver.close();
    await startRound('Fourth');
    await until(async () => (await matrix()).deliveries.lastError === 'ECONNREFUSED', 'the refused connection noted');
    expect((await matrix()).deliveries).toMatchObject({ state: 'waiting', pending: 1, lastStatus: null });
    await homeserverOn(port);
    const started = Date.now();
    await ok(club, 'POST', '/api/admin/matrix/retry', admin);
    await until(() => matrixSends() === 1, 'the round in the room', 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    await until(async () => (await matrix()).deliveries.state === 'delivered', 'delivered', 2_000);
  });

  it('a bot thrown out of the room: its reason kept, and saving the room once it is back delivers within 2 s', async () => {
    rooms.length = 0;
    await startRound('Fifth');
    await until(async () => (await matrix()).deliveries.lastStatus === 403, 'the refusal noted');
    expect((await matrix()).deliveries.lastError).toBe('HTTP 403 M_FORBIDDEN: not in room');
    rooms.push(ROOM);
    const sends = matrixSends();
    const started = Date.now();
    await ok(club, 'PUT', '/api/admin/matrix', admin, { homeserver: homeserver.url, roomId: ROOM, accessToken: TOKEN });
    await until(() => matrixSends() === sends + 1 && homeserver.received.at(-1)!.status === 200, 'the round in the room', 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a failing hook mended: "Try again now" delivers within 2 s', async () => {
    let mended = false;
    const flaky = await fake(() => ({ status: mended ? 204 : 500 }));
    const hook = await ok<Webhook>(club, 'POST', '/api/admin/webhooks', admin, { url: `${flaky.url}/f`, events: ['roundStarted'] });
    await startRound('Sixth');
    await until(() => flaky.received.length === 1, 'the first try');
    mended = true;
    const started = Date.now();
    await ok(club, 'POST', `/api/admin/webhooks/${hook.webhookId}/retry`, admin);
    await until(() => flaky.received.length === 2, 'the second try', 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(flaky.received[1]!.status).toBe(204);
  });
});
