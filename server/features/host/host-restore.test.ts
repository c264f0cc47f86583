import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostStatus, SessionsEnded } from '../../../shared/api/host';
import type { Post } from '../../../shared/api/discussions';
import { HUB_PATH } from '../../../shared/constants';
import { backAfterRestore, club, closeClubs, download, filesOf, scratchEmptied, sockets, tracked, upload } from '../../test-support/host-console';
import { MEMBER_PASSWORD, addMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub } from '../../test-support/test-server';

// Whole-club backups downloaded from the host's console, and restores uploaded: what comes back, what
// is refused, and ending every session and feed afterwards.

afterEach(async () => {
  vi.restoreAllMocks();
  await closeClubs();
});

describe('backups and restores', () => {
  it('a downloaded backup restores on a second, fresh club: posts, votes, avatars and sessions come along', async () => {
    const reading = await startReadingClub();
    tracked(reading.club);
    const { club: first, mod, ann } = reading;
    // Ann's avatar.
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ann.png');
    const avatar = (await (
      await fetch(`${first.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${ann.token}` }, body: form })
    ).json()) as { avatarUrl: string };
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
    // A request under way holds the swap back, long enough to spoil the staged database after its checks. Its body
    // is over 16 KiB, so the club takes it up before the body has all come (requests-in-turn.ts).
    const stalled = net.connect(Number(new URL(host.url).port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.on('error', () => {});
    stalled.write(
      `POST /api/users/avatar HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 99999\r\n\r\n--b\r\n`,
    );
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
describe('after a restore: what it brings back, and ending every session and feed', () => {
  it("the restore's answer says the club returns to the backup's moment, with passwords, sessions and feeds", async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status, restored.body.detail).toBe(200);
    expect(restored.body.bringsBack).toEqual({ asOf: restored.body.createdAt, what: ['passwords', 'sessions', 'calendarFeeds'], notice: expect.any(String) });
    expect(restored.body.bringsBack.notice).toMatch(
      /^The club is now as it was on .+: members' passwords, signed-in sessions and calendar feed links are those of that moment, including any ended since\./,
    );
    await backAfterRestore(host);
  });

  it("ends every member's sessions and calendar feeds; the admin who asks stays signed in with a fresh token; members and moderators may not", async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const ann = await addMember(host, { name: 'Ann' });
    const mo = await addMember(host, { name: 'Mo', moderator: true });
    const feed = await ok<{ url: string }>(host, 'POST', '/api/users/calendar-feed', ann.token);
    const feedPath = new URL(feed.url).pathname;
    expect((await fetch(host.url + feedPath)).status).toBe(200);
    const display = await ok<{ url: string }>(host, 'POST', '/api/display-link', mo.token);
    const displayPath = `/api/display/${display.url.split('/room/')[1]}`;
    expect((await host.call('GET', displayPath)).status).toBe(200);
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
    expect((await host.call('GET', displayPath)).status).toBe(404);
    expect((await host.call('GET', '/api/host', { token: ended.body.token })).status).toBe(200);
    // Members sign in again as ever.
    expect((await host.call('POST', '/api/accounts/login', { body: { email: ann.email, password: MEMBER_PASSWORD } })).status).toBe(200);
  });
});
