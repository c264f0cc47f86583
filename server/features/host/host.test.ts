import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostSetup, HostStatus, Restored, SessionsEnded } from '../../../shared/api/host';
import type { Post } from '../../../shared/api/discussions';
import { HUB_PATH } from '../../../shared/constants';
import { MEMBER_PASSWORD, addMember } from '../../test-support/members';
import { requestFrom } from '../../test-support/raw-http';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { tarFile, tarHeader } from '../../test-support/tar-blocks';

// The host's console over HTTP: admins only (the setup details: the host's own machine, before any
// account), the club's state, mail retries, whole-club backups downloaded, and restores uploaded.

const clubs: TestServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.close();
  for (const club of clubs.splice(0)) await club.close();
});

async function club(overrides: Parameters<typeof startTestServer>[0] = {}, startOptions: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> {
  const started = await startTestServer(overrides, startOptions);
  clubs.push(started);
  return started;
}

async function download(club: TestServer, token: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${club.url}/api/host/backup`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function upload(club: TestServer, token: string | null, bytes: Buffer, clubName: string, field = 'backup') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/gzip' }), 'club.tar.gz');
  const res = await fetch(`${club.url}/api/host/restore?clubName=${encodeURIComponent(clubName)}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Restored & { detail: string } };
}

/** The club answers again after a restore swapped its files (503 meanwhile). */
async function backAfterRestore(club: TestServer): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const home = await club.call('GET', '/api/home');
    if (home.status === 200) return;
    expect(home.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the club did not come back after the restore');
}

/** A sent download is deleted once its stream closes, a moment after the client has the last byte. */
async function scratchEmptied(dataDir: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (fs.readdirSync(path.join(dataDir, 'tmp')).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the scratch folder still holds ${fs.readdirSync(path.join(dataDir, 'tmp')).join(', ')}`);
}

function filesOf(dir: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) sizes[path.relative(dir, path.join(entry.parentPath, entry.name))] = fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return sizes;
}

describe('who may use the host console', () => {
  it('members, moderators and bots get 403 on every host route, visitors 401, and nothing changes', async () => {
    const reading = await startReadingClub();
    clubs.push(reading.club);
    const { club, mod } = reading;
    const backup = await download(club, mod);
    expect(backup.status).toBe(200);
    const moderator = await addMember(club, { name: 'Mo', moderator: true });
    const before = await ok(club, 'GET', '/api/books', reading.ann.token);
    for (const token of [reading.ann.token, moderator.token, reading.bot.token, null]) {
      const expected = token ? 403 : 401;
      const auth = token ? { token } : {};
      expect((await club.call('GET', '/api/host', auth)).status).toBe(expected);
      expect((await club.call('POST', '/api/host/mail/retry', auth)).status).toBe(expected);
      expect((await club.call('GET', '/api/host/backup', auth)).status).toBe(expected);
      const restore = await upload(club, token, backup.bytes, 'Test Club');
      expect(restore.status).toBe(expected);
      expect(restore.body.detail).toBeTruthy();
    }
    // The setup details are over once the club has an account, for anyone (as setup itself answers).
    for (const token of [reading.ann.token, mod, null]) {
      const setup = await club.call('GET', '/api/host/setup', token ? { token } : {});
      expect(setup.status).toBe(409);
      expect(setup.body.detail).toMatch(/set up/);
    }
    expect(await ok(club, 'GET', '/api/books', reading.ann.token)).toEqual(before);
    expect((await club.call('GET', '/api/home')).status).toBe(200);
  });

  it("before any account, the host's own machine sees the setup code and addresses; another computer does not", async () => {
    const fresh = await club({ publicUrl: 'https://club.example.org' });
    const setup = await fresh.call<HostSetup>('GET', '/api/host/setup');
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual({
      siteName: 'Test Club',
      setupCode: fresh.server.setupCode,
      addresses: [{ url: 'https://club.example.org', kind: 'public' }],
    });
    // A request a proxy forwarded is not the host's machine, whatever its TCP peer.
    const forwarded = await fresh.call('GET', '/api/host/setup', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(forwarded.status).toBe(403);
    expect(forwarded.body.detail).toBe("The setup details are shown only on the club host's own computer.");
    const slovak = await fresh.call('GET', '/api/host/setup', { headers: { 'X-Forwarded-For': '203.0.113.7', 'Accept-Language': 'sk' } });
    expect(slovak.body.detail).toBe('Údaje na nastavenie sa zobrazujú len na počítači, ktorý klub hostí.');
  });
});

describe("the club's state", () => {
  it('shows the version, data folder, sizes, addresses, members online and the mail queue', async () => {
    // Mail goes to a port nobody listens on: every try fails.
    const host = await club({ smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'https://club.example.org' });
    const admin = await setUpClub(host);
    const status = await ok<HostStatus>(host, 'GET', '/api/host', admin);
    expect(status.siteName).toBe('Test Club');
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.dataDir).toBe(host.dataDir);
    expect(status.databaseBytes).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(status.startedAt)).toBeLessThan(60_000);
    expect(status.addresses).toEqual([{ url: 'https://club.example.org', kind: 'public' }]);
    expect(status.backups).toMatchObject({ last: null, scheduled: { enabled: false, kept: 0, files: [], lastFailure: null } });
    expect(status.membersOnline).toBe(0);

    // Online: a socket.io client with its defaults (it starts with HTTP long-polling).
    const socket = connect(host.url, { path: HUB_PATH, auth: { token: admin }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect((await ok<HostStatus>(host, 'GET', '/api/host', admin)).membersOnline).toBe(1);

    // An invitation that cannot be sent: failing, with the mail server's refusal, until tried again.
    await ok(host, 'POST', '/api/admin/registeruser', admin, { email: 'new@club.test', name: 'New' });
    let mail: HostStatus['mail'] | undefined;
    for (let tries = 0; tries < 100 && !mail?.failing; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mail = (await ok<HostStatus>(host, 'GET', '/api/host', admin)).mail;
    }
    expect(mail).toMatchObject({ transport: 'smtp', pending: 0, failing: 1 });
    expect(mail!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(mail!.lastErrorAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await ok(host, 'POST', '/api/host/mail/retry', admin)).toEqual({ retried: 1 });
  });
});

describe('backups and restores', () => {
  it('a downloaded backup restores on a second, fresh club: posts, votes, avatars and sessions come along', async () => {
    const reading = await startReadingClub();
    clubs.push(reading.club);
    const { club: first, mod, ann } = reading;
    // Ann's avatar.
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ann.png');
    const avatar = (await (await fetch(`${first.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${ann.token}` }, body: form })).json()) as { avatarUrl: string };
    const avatarBytes = Buffer.from(await (await fetch(first.url + avatar.avatarUrl)).arrayBuffer());
    const books = await ok(first, 'GET', '/api/books', ann.token);

    const backup = await download(first, mod);
    expect(backup.status).toBe(200);
    expect(backup.headers.get('content-type')).toBe('application/gzip');
    expect(backup.headers.get('content-disposition')).toMatch(/^attachment; filename="bookclub-backup-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    expect(backup.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // The download leaves nothing behind in the data folder's scratch space.
    await scratchEmptied(first.dataDir);
    expect((await ok<HostStatus>(first, 'GET', '/api/host', mod)).backups.last).toMatchObject({ kind: 'download' });

    const second = await club({ siteName: 'Second Club' });
    const secondAdmin = await setUpClub(second);
    const restored = await upload(second, secondAdmin, backup.bytes, '  second CLUB ');
    expect(restored.status, restored.body.detail).toBe(200);
    expect(restored.body).toMatchObject({ kind: 'archive', sessionsKept: true, counts: expect.objectContaining({ posts: expect.any(Number) }) });
    expect(restored.body.counts.posts).toBeGreaterThanOrEqual(2);
    await backAfterRestore(second);

    // The first club's sessions are valid on the second (its token secret came along); the second's own are not.
    expect(await ok(second, 'GET', '/api/books', ann.token)).toEqual(books);
    const login = await second.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(login.status).toBe(200);
    expect((await second.call('GET', '/api/host', { token: secondAdmin })).status).toBe(401);
    const served = await fetch(second.url + avatar.avatarUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(avatarBytes);
    // The club it replaced is kept beside, whole.
    expect(fs.existsSync(path.join(restored.body.keptAs, 'bookclub.db'))).toBe(true);
  });

  it("restoring a club's own backup disconnects live connections, which come back with the same session", async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const member = await addMember(host, { name: 'Ann' });
    const backup = await download(host, admin);
    const connectAs = (token: string) => {
      const socket = connect(host.url, { path: HUB_PATH, auth: { token }, reconnection: false });
      sockets.push(socket);
      return new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      });
    };
    expect(await connectAs(member.token)).toBe('connected');
    const live = sockets.at(-1)!;
    const dropped = new Promise<string>((resolve) => live.once('disconnect', resolve));

    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status, restored.body.detail).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    // Handshakes during the swap are refused as unavailable (clients retry), never as unauthorized (signed out).
    const refusals: string[] = [];
    for (let tries = 0; tries < 200; tries++) {
      const outcome = await connectAs(member.token);
      if (outcome === 'connected') break;
      refusals.push(outcome);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refusals.filter((refusal) => refusal !== 'unavailable')).toEqual([]);
    expect(sockets.at(-1)!.connected).toBe(true);
    await backAfterRestore(host);
    expect((await host.call('GET', '/api/books', { token: member.token })).status).toBe(200);
  });

  it('a restored club that will not open is rolled back: the club it replaced opens again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = await club();
    const admin = await setUpClub(host);
    await ok(host, 'POST', '/api/admin/noticeboard', admin, { text: 'In the backup' });
    const backup = await download(host, admin);
    await ok(host, 'POST', '/api/admin/noticeboard', admin, { text: 'The club as it is' });
    // A request under way holds the swap back, long enough to spoil the staged database after its checks.
    const stalled = net.connect(Number(new URL(host.url).port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.on('error', () => {});
    stalled.write(`POST /api/users/avatar HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 9999\r\n\r\n--b\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status).toBe(200);
    const staging = fs.readdirSync(host.dataDir).find((name) => name.startsWith('.restore-staging-'))!;
    fs.writeFileSync(path.join(host.dataDir, staging, 'bookclub.db'), 'no longer a database');
    stalled.destroy();
    await backAfterRestore(host);

    expect((await ok(host, 'GET', '/api/admin', admin)).noticeboard).toBe('The club as it is');
    expect(errors.mock.calls.some(([message]) => String(message).includes('would not open'))).toBe(true);
  });

  it('a wrong club name, a missing file or a file that is not a backup is refused, and nothing changes', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const post = await ok<Post>(host, 'POST', '/api/admin/noticeboard', admin, { text: 'Before' });
    const backup = await download(host, admin);
    await scratchEmptied(host.dataDir);
    const before = filesOf(host.dataDir);

    const wrongName = await upload(host, admin, backup.bytes, 'Another Club');
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.detail).toBe("Type the club's name, Test Club, exactly to confirm the restore. Nothing was changed.");

    const noName = await fetch(`${host.url}/api/host/restore`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: new FormData() });
    expect(noName.status).toBe(400);

    const missing = await upload(host, admin, backup.bytes, 'Test Club', 'somethingElse');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Choose a backup file to restore.');

    const notBackup = await upload(host, admin, Buffer.from('Dear host, this is a letter, not a backup.'), 'Test Club');
    expect(notBackup.status).toBe(400);
    expect(notBackup.body.detail).toBe('This file is not a Bookclub backup. Nothing was changed.');

    const truncated = await upload(host, admin, backup.bytes.subarray(0, Math.floor(backup.bytes.length / 2)), 'Test Club');
    expect(truncated.status).toBe(400);
    expect(truncated.body.detail).toMatch(/incomplete|not a Bookclub backup/);

    const json = await host.call('POST', '/api/host/restore?clubName=Test%20Club', { token: admin, body: { backup: 'x' } });
    expect(json.status).toBe(400);

    expect(post).toBeTruthy();
    expect(filesOf(host.dataDir)).toEqual(before);
    expect((await ok(host, 'GET', '/api/admin', admin)).noticeboard).toBe('Before');
  });
});

/** The longest a cheap request (GET /api/home, one after another) waited while `during` ran. */
async function longestWaitWhile<T>(club: TestServer, during: Promise<T>): Promise<{ result: T; longestMs: number }> {
  let done = false;
  const settled = during.finally(() => (done = true));
  let longestMs = 0;
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${club.url}/api/home`);
    await res.arrayBuffer();
    longestMs = Math.max(longestMs, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { result: await settled, longestMs };
}

/** The largest any restore's staging folder in the data folder grew to, sampled until `stop()`. */
function watchStaging(dataDir: string): { stop(): number } {
  let largest = 0;
  const sample = () => {
    for (const name of fs.readdirSync(dataDir)) {
      if (!name.startsWith('.restore-staging-')) continue;
      try {
        largest = Math.max(largest, Object.values(filesOf(path.join(dataDir, name))).reduce((sum, bytes) => sum + bytes, 0));
      } catch {
        // Removed while being read.
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return largest;
    },
  };
}

/** The entries of a downloaded backup, in order. */
function entriesOf(archive: Buffer): { path: string; data: Buffer }[] {
  const raw = zlib.gunzipSync(archive);
  const entries: { path: string; data: Buffer }[] = [];
  for (let at = 0; at + 512 <= raw.length; ) {
    const header = raw.subarray(at, at + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
    entries.push({ path: name, data: Buffer.from(raw.subarray(at + 512, at + 512 + size)) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * A raw restore request: its headers at once, then only `body` (if any) of the `contentLength` it announces.
 * Answers what the server says, whether or not the rest of the body ever comes.
 */
function rawRestore(club: TestServer, token: string, clubName: string, contentLength: number, body = Buffer.alloc(0)) {
  const socket = net.connect(Number(new URL(club.url).port), '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  const answer = new Promise<{ status: number; headers: string; body: any } | null>((resolve) => {
    const settle = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = text.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? -1);
      const rest = text.slice(end + 4);
      if (length >= 0 && Buffer.byteLength(rest) < length) return false;
      let parsed: unknown = rest;
      try {
        parsed = JSON.parse(rest);
      } catch {
        // not JSON
      }
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: parsed });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      settle();
    });
    socket.on('close', () => settle() || resolve(null));
  });
  socket.write(
    `POST /api/host/restore?clubName=${encodeURIComponent(clubName)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${contentLength}\r\n\r\n`,
  );
  if (body.length) socket.write(body);
  return { socket, answer };
}

/** `promise`, or null once `ms` have passed without it. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

describe('a hostile backup from an admin does not freeze the club', () => {
  it('thousands of tiny entries, or a small file announcing a huge database, are refused while members are answered promptly, and nothing is written', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    await scratchEmptied(host.dataDir);
    const entries = entriesOf(backup.bytes);
    expect(entries[0]!.path).toBe('manifest.json');
    const before = filesOf(host.dataDir);

    // (a) 30,000 one-byte images after the real entries (a few hundred KB zipped).
    const tiny = Buffer.concat([
      ...entries.map((entry) => tarFile(entry.path, entry.data)),
      ...Array.from({ length: 30_000 }, (_, i) => tarFile(`images/avatars/tiny-${i}.webp`, Buffer.from('x'))),
      Buffer.alloc(1024),
    ]);
    const manyEntries = zlib.gzipSync(tiny, { level: 1 });
    expect(manyEntries.length).toBeLessThan(2 * 1024 * 1024);

    // (b) A manifest announcing a 2 GB database, then 512 MB of its zeros (about half a megabyte zipped).
    const manifest = JSON.parse(entries[0]!.data.toString('utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
    const huge = 2 * 1024 ** 3;
    manifest.files = manifest.files.map((file) => (file.path === 'bookclub.db' ? { ...file, bytes: huge } : file));
    const zerosMb = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat([
      zlib.gzipSync(Buffer.concat([tarFile('manifest.json', Buffer.from(JSON.stringify(manifest))), tarHeader('bookclub.db', huge)])),
      ...Array.from({ length: 512 }, () => zerosMb),
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);

    for (const [what, file, refusal] of [
      ['many entries', manyEntries, /tiny-0\.webp does not match what its manifest says/],
      ['a huge database', bomb, /far more than a Bookclub backup of its size holds/],
    ] as const) {
      const staging = watchStaging(host.dataDir);
      const started = performance.now();
      const { result, longestMs } = await longestWaitWhile(host, upload(host, admin, file, 'Test Club'));
      const tookMs = performance.now() - started;
      const largest = staging.stop();
      expect([what, result.status, result.body.detail]).toEqual([what, 400, expect.stringMatching(refusal)]);
      expect(longestMs, `${what}: a member waited ${Math.round(longestMs)} ms`).toBeLessThan(1000);
      expect(largest, `${what}: ${largest} bytes were unpacked`).toBeLessThan(5 * 1024 * 1024);
      // Refused at the first entry its manifest does not list, or at the manifest itself: not after unpacking them all.
      expect(tookMs, `${what}: refused after ${Math.round(tookMs)} ms`).toBeLessThan(5000);
    }
    await scratchEmptied(host.dataDir);
    expect(filesOf(host.dataDir)).toEqual(before);
  });

  it('a restore while another runs is answered 409, and a wrong club name 400, before a byte of the upload is read', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    // A restore whose upload is under way (100 MB announced, a few bytes sent) holds the lock.
    const first = rawRestore(host, admin, 'Test Club', 100 * 1024 * 1024, Buffer.from('--b\r\n'));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const second = rawRestore(host, admin, 'Test Club', 100 * 1024 * 1024);
    const busy = await within(second.answer, 3000);
    expect(busy?.status).toBe(409);
    expect(busy?.body.detail).toBe('A backup or a restore is already under way. Try again when it has finished.');
    const download409 = await download(host, admin);
    expect(download409.status).toBe(409);

    const wrongName = rawRestore(host, admin, 'Another Club', 100 * 1024 * 1024);
    const refused = await within(wrongName.answer, 3000);
    expect(refused?.status).toBe(400);
    expect(refused?.body.detail).toBe("Type the club's name, Test Club, exactly to confirm the restore. Nothing was changed.");
    for (const request of [first, second, wrongName]) request.socket.destroy();

    // Once the first upload is abandoned, the lock is free again.
    for (let tries = 0; tries < 100; tries++) {
      if ((await download(host, admin)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await download(host, admin)).status).toBe(200);
  });
});

describe('a request still under way when a restore stops waiting', () => {
  it('is answered 503 with Retry-After in its language, and logged in one line without a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = await club({}, { restoreDrainMs: 300 });
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    // An avatar upload whose body never finishes, in Slovak.
    const stalled = net.connect(Number(new URL(host.url).port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.on('error', () => {});
    let answer = '';
    stalled.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const body = '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    stalled.write(
      `POST /api/users/avatar HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nAccept-Language: sk\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 9999\r\n\r\n${body}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status, restored.body.detail).toBe(200);
    for (let tries = 0; tries < 150 && !answer.includes('\r\n\r\n{'); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/retry-after: 2/i);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 503, detail: 'Klub sa obnovuje zo zálohy a o chvíľu bude späť.' });
    await backAfterRestore(host);

    // The rest of its body comes once the club it ran on is closed: its code fails, unanswered and unlogged.
    stalled.write(`${'x'.repeat(9999 - Buffer.byteLength(body) - 8)}\r\n--b--\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stalled.destroy();
    const lines = errors.mock.calls.filter((call) => call.some((arg) => arg instanceof Error || String(arg).includes('/api/users/avatar')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    expect(String(lines[0]![0])).toMatch(/^Restore: POST \/api\/users\/avatar was still under way after 300 ms; it was answered 503/);
    expect(String(lines[0]![0])).not.toContain('\n');
    expect(errors.mock.calls.flat().some((arg) => arg instanceof Error)).toBe(false);
  });
});

describe('after a restore: what it brings back, and ending every session and feed', () => {
  it("the restore's answer says the club returns to the backup's moment, with passwords, sessions and feeds", async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status, restored.body.detail).toBe(200);
    expect(restored.body.bringsBack).toEqual({ asOf: restored.body.createdAt, what: ['passwords', 'sessions', 'calendarFeeds'], notice: expect.any(String) });
    expect(restored.body.bringsBack.notice).toMatch(/^The club is now as it was on .+: members' passwords, signed-in sessions and calendar feed links are those of that moment, including any ended since\./);
    await backAfterRestore(host);
  });

  it('ends every member\'s sessions and calendar feeds; the admin who asks stays signed in with a fresh token; members and moderators may not', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const ann = await addMember(host, { name: 'Ann' });
    const mo = await addMember(host, { name: 'Mo', moderator: true });
    const feed = await ok<{ url: string }>(host, 'POST', '/api/users/calendar-feed', ann.token);
    const feedPath = new URL(feed.url).pathname;
    expect((await fetch(host.url + feedPath)).status).toBe(200);
    const socket = connect(host.url, { path: HUB_PATH, auth: { token: ann.token }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    for (const token of [ann.token, mo.token]) {
      const refused = await host.call('POST', '/api/host/end-sessions', { token });
      expect(refused.status).toBe(403);
    }
    expect((await host.call('POST', '/api/host/end-sessions')).status).toBe(401);
    expect((await host.call('GET', '/api/books', { token: ann.token })).status).toBe(200);

    const ended = await host.call<SessionsEnded>('POST', '/api/host/end-sessions', { token: admin });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ sessionsEnded: 3, feedsRevoked: 1, token: expect.any(String) });
    for (const token of [ann.token, mo.token, admin]) expect((await host.call('GET', '/api/books', { token })).status).toBe(401);
    expect(await dropped).toBe('io server disconnect');
    expect((await fetch(host.url + feedPath)).status).toBe(404);
    expect((await host.call('GET', '/api/host', { token: ended.body.token })).status).toBe(200);
    // Members sign in again as ever.
    expect((await host.call('POST', '/api/accounts/login', { body: { email: ann.email, password: MEMBER_PASSWORD } })).status).toBe(200);
  });
});
