import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostSetup, HostStatus, Restored } from '../../../shared/api/host';
import type { Post } from '../../../shared/api/discussions';
import { HUB_PATH } from '../../../shared/constants';
import { addMember } from '../../test-support/members';
import { requestFrom } from '../../test-support/raw-http';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

// The host's console over HTTP: admins only (the setup details: the host's own machine, before any
// account), the club's state, mail retries, whole-club backups downloaded, and restores uploaded.

const clubs: TestServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.close();
  for (const club of clubs.splice(0)) await club.close();
});

async function club(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const started = await startTestServer(overrides);
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
