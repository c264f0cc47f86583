import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../shared/constants';
import { requestFrom } from './test-support/raw-http';
import { bundleServer, killAll, startServerProcess, type ServerBundle, type ServerProcess } from './test-support/server-process';
import { setUpClub } from './test-support/test-server';

// Visitors that connect and send nothing, or send slowly, against the club server in a process of its own:
// with the limits it ships with, none of them slows a member's request down; with short limits (to keep
// the test short), each kind is ended, and a member's upload at a normal pace is not.

const ENTRY = `
import { startServer } from './start-server';
const limits = JSON.parse(process.env.BOOKCLUB_TEST_LIMITS ?? '{}');
const server = await startServer(
  { dataDir: process.env.BOOKCLUB_TEST_DATA_DIR, port: 0, host: '127.0.0.1', siteName: 'Slow Visitors', defaultLanguage: 'en',
    matrixRoomLink: null, smtpUrl: null, rendererDir: null, quiet: true },
  { connectionLimits: limits.connections, handshakeLimits: limits.handshakes },
);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(JSON.stringify({ listening: server.port }));
`;

/** Short limits: headers within 1 s; 4 KiB of body a second; 20 connections of an address idle 300 ms; 5 handshakes. */
const SHORT_LIMITS = {
  connections: { perAddress: 20, graceMs: 300, headersMs: 1_000, bodyRate: { bytes: 4096, windowMs: 1_000 } },
  handshakes: { perAddress: 5, overall: 8, connectMs: 1_000 },
};

let bundle: ServerBundle;
const dataDirs: string[] = [];
let shipped: ServerProcess;
let short: ServerProcess;
let memberToken = '';
let shortMemberToken = '';

async function start(limits: object): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-slow-visitors-'));
  dataDirs.push(dataDir);
  return startServerProcess(bundle, dataDir, { BOOKCLUB_TEST_DATA_DIR: dataDir, BOOKCLUB_TEST_LIMITS: JSON.stringify(limits) });
}

beforeAll(async () => {
  bundle = await bundleServer('slow-visitors', ENTRY);
  [shipped, short] = await Promise.all([start({}), start(SHORT_LIMITS)]);
  // The club's first member (its admin) stands for any member.
  [memberToken, shortMemberToken] = await Promise.all([setUpClub(shipped.club), setUpClub(short.club)]);
}, 60_000);

afterAll(async () => {
  await killAll();
  bundle?.remove();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const portOf = (server: ServerProcess) => Number(new URL(server.club.url).port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection from `from` that sends `head` (maybe nothing) and holds the rest back. */
async function holdOpen(server: ServerProcess, from: string, head = ''): Promise<net.Socket> {
  const socket = net.connect({ port: portOf(server), host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  if (head) socket.write(head);
  return socket;
}

/** Resolves with what the server sent before it closed the connection, and when (ms after the call). */
function closedBy(socket: net.Socket): Promise<{ sent: string; ms: number }> {
  const started = performance.now();
  let sent = '';
  socket.on('data', (chunk: Buffer) => (sent += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve({ sent, ms: performance.now() - started })));
}

const slowPost = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: club\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`;

describe('no visitor can stall the club', () => {
  it('while 2,000 idle connections and 50 slow bodies are open, a member’s fresh GET /api/home answers within 1 s throughout', async () => {
    const held: net.Socket[] = [];
    // 20 addresses of 100 idle connections each, then 50 POSTs whose bodies trickle in, from 10 others.
    for (let a = 1; a <= 20; a++) held.push(...(await Promise.all(Array.from({ length: 100 }, () => holdOpen(shipped, `127.0.1.${a}`)))));
    for (let i = 0; i < 50; i++) {
      const path = i % 2 === 0 ? '/api/admin/noticeboard' : '/api/users/avatar';
      held.push(await holdOpen(shipped, `127.0.2.${1 + (i % 10)}`, slowPost(path, i % 2 === 0 ? 200 : 200_000)));
    }
    const trickle = setInterval(() => held.slice(-50).forEach((socket) => socket.write(' ')), 300);
    try {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const home = await requestFrom(`${shipped.club.url}/api/home`, {
          from: '127.0.9.1',
          headers: { Authorization: `Bearer ${memberToken}` },
          timeoutMs: 30_000,
        });
        expect(home.status).toBe(200);
        times.push(home.ms);
        await sleep(150);
      }
      expect(Math.max(...times)).toBeLessThan(1_000);
      // The visitors were still there all along (the server ends them after its 5 s).
      expect(held.filter((socket) => !socket.destroyed).length).toBe(2_050);
    } finally {
      clearInterval(trickle);
      for (const socket of held) socket.destroy();
    }
  }, 60_000);

  it('ends a connection whose headers do not come within the deadline, and one that sends nothing', async () => {
    const [partial, idle] = await Promise.all([holdOpen(short, '127.0.3.1', 'GET /api/home HTTP/1.1\r\nHost: club\r\n'), holdOpen(short, '127.0.3.1')]);
    const [partialEnd, idleEnd] = await Promise.all([closedBy(partial), closedBy(idle)]);
    expect(partialEnd.sent).toMatch(/^HTTP\/1\.1 408 /);
    expect(partialEnd.sent).toContain('application/problem+json');
    // Within the 1 s deadline and Node's check a second after; not at once.
    for (const end of [partialEnd, idleEnd]) {
      expect(end.ms).toBeGreaterThan(800);
      expect(end.ms).toBeLessThan(4_000);
    }
  });

  it('ends a body slower than the minimum rate, and takes a 3 MB upload at a normal pace', async () => {
    const slow = await holdOpen(short, '127.0.3.2', slowPost('/api/admin/noticeboard', 100_000));
    const drip = setInterval(() => slow.write('x'.repeat(100)), 100);
    const slowEnd = await closedBy(slow);
    clearInterval(drip);
    expect(slowEnd.ms).toBeLessThan(4_000);

    // A photo of some 3 MB, sent in 64 KiB pieces at 1.3 MB/s: longer than the header deadline and many windows.
    const photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2_500_000);
    const boundary = 'slow-visitors-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await holdOpen(
      short,
      '127.0.3.3',
      `POST /api/users/avatar HTTP/1.1\r\nHost: club\r\nAuthorization: Bearer ${shortMemberToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const uploadEnd = closedBy(upload);
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      upload.write(body.subarray(offset, offset + 64 * 1024));
      await sleep(50);
    }
    const { sent, ms } = await uploadEnd;
    expect(sent).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms).toBeGreaterThan(1_500);
  }, 30_000);

  it('caps the connections of one address that have not completed a request; a member’s connection that has is not counted', async () => {
    // A member's keep-alive connection from the same address, through a request already.
    const member = await holdOpen(short, '127.0.4.1');
    const ask = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\r\n')[0]!));
        socket.write(`GET /api/home HTTP/1.1\r\nHost: club\r\nAuthorization: Bearer ${shortMemberToken}\r\n\r\n`);
      });
    expect(await ask(member)).toBe('HTTP/1.1 200 OK');
    const idle = await Promise.all(Array.from({ length: 20 }, () => holdOpen(short, '127.0.4.1')));
    await sleep(400);
    const refused = await holdOpen(short, '127.0.4.1');
    const refusedEnd = await closedBy(refused);
    expect(refusedEnd).toMatchObject({ sent: '' });
    expect(refusedEnd.ms).toBeLessThan(500);
    expect(await ask(member)).toBe('HTTP/1.1 200 OK');
    const elsewhere = await requestFrom(`${short.club.url}/api/home`, { from: '127.0.4.2' });
    expect(elsewhere.status).toBe(200);
    for (const socket of [member, ...idle]) socket.destroy();
  });

  it('bounds the hub’s handshakes that never join, per address and overall, for a short time', async () => {
    const handshake = (from: string) => requestFrom(`${short.club.url}${HUB_PATH}/?EIO=4&transport=polling`, { from });
    const first = await Promise.all(Array.from({ length: 5 }, () => handshake('127.0.5.1')));
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await handshake('127.0.5.1')).status).toBe(403);
    // A member from elsewhere still joins, with a client's defaults.
    const socket = connect(short.club.url, { path: HUB_PATH, auth: { token: shortMemberToken }, reconnection: false });
    try {
      expect(await new Promise((resolve) => socket.on('connect', () => resolve('connected')).on('connect_error', (error) => resolve(error.message)))).toBe(
        'connected',
      );
    } finally {
      socket.close();
    }
    const more = await Promise.all(['127.0.5.2', '127.0.5.2', '127.0.5.2'].map(handshake));
    expect(more.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await handshake('127.0.5.3')).status).toBe(403);
    // Those that never joined are closed after the 1 s they were given, and count no more.
    await sleep(1_600);
    const later = await Promise.all(['127.0.5.1', '127.0.5.3'].map(handshake));
    expect(later.map((answer) => answer.status)).toEqual([200, 200]);
  });
});
