import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../../shared/constants';
import { passwordResetPath, queuedMailCount, waitForMail } from '../../test-support/mail';
import { addMember, type TestMember } from '../../test-support/members';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let admin: string;
let member: TestMember;
const sockets: Socket[] = [];

beforeEach(async () => {
  club = await startTestServer();
  admin = await setUpClub(club);
  member = await addMember(club, { name: 'Mira' });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await club.close();
});

/** A live connection as a browser makes it: socket.io-client's defaults (polling first, then upgrade). */
async function liveConnection(token: string): Promise<Socket> {
  const socket = connect(club.url, { path: HUB_PATH, auth: { token }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function disconnected(socket: Socket): Promise<{ reason: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve({ reason, ms: performance.now() - started })));
}

/** The set-password link of the newest mail to `to`, once it is in the outbox. */
async function resetLink(to: string): Promise<{ userId: string; token: string }> {
  const resetPath = passwordResetPath(await waitForMail(club, to));
  const match = /\/passwordreset\/([\w-]+)\/([\w-]+)$/.exec(resetPath);
  if (!match) throw new Error(`no user and token in ${resetPath}`);
  return { userId: match[1]!, token: match[2]! };
}

describe('sessions end', () => {
  it('a password reset ends every session issued before it: the old token is 401 and its live connection closes', async () => {
    const socket = await liveConnection(member.token);
    const closed = disconnected(socket);
    expect((await club.call('POST', `/api/accounts/passwordreset/${member.email}`)).status).toBe(200);
    const link = await resetLink(member.email);
    const finished = await club.call('POST', `/api/accounts/passwordreset/token/${link.userId}`, {
      body: { resetToken: link.token, password: 'a brand new password' },
    });
    expect(finished.status).toBe(200);

    const old = await club.call('GET', '/api/accounts/context', { token: member.token });
    expect(old.status).toBe(401);
    expect(old.headers.get('content-type')).toMatch(/problem\+json/);
    expect(old.body.detail).toBe('Your session has ended. Please sign in again.');
    // On a route anyone may call, the ended session makes the caller a visitor, never a 401.
    expect((await club.call('GET', '/api/home', { token: member.token })).body.myProfile).toBeNull();
    expect((await closed).ms).toBeLessThan(5000);

    const fresh = await club.call('POST', '/api/accounts/login', { body: { email: member.email, password: 'a brand new password' } });
    expect(fresh.status).toBe(200);
    expect((await club.call('GET', '/api/accounts/context', { token: fresh.body.token })).status).toBe(200);
    await liveConnection(fresh.body.token);
  });

  it('a token of an ended session cannot open a live connection', async () => {
    await club.call('POST', `/api/admin/disable/${member.email}`, { token: admin });
    await club.call('POST', `/api/admin/enable/${member.email}`, { token: admin });
    await expect(liveConnection(member.token)).rejects.toThrow('unauthorized');
  });
});

describe('disabling an account', () => {
  it('ends its sessions (401), closes its live connection within 5 s, refuses its sign-in and keeps its posts', async () => {
    const rec = await club.call('POST', '/api/recommendations/', {
      token: member.token,
      body: { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'Read it twice.' },
    });
    expect(rec.status).toBe(200);
    const socket = await liveConnection(member.token);
    const closed = disconnected(socket);

    const disabled = await club.call('POST', `/api/admin/disable/${member.email}`, { token: admin });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ email: member.email, isDisabled: true });

    const { reason, ms } = await closed;
    expect(ms).toBeLessThan(5000);
    expect(reason).toBe('io server disconnect');
    expect((await club.call('GET', '/api/books/', { token: member.token })).status).toBe(401);

    const login = await club.call('POST', '/api/accounts/login', {
      body: { email: member.email, password: 'member password 123' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe('Tento účet bol zablokovaný. Ak si myslíte, že ide o omyl, obráťte sa na správcu klubu.');
    // Only someone who knows the password learns the account is disabled.
    const wrong = await club.call('POST', '/api/accounts/login', { body: { email: member.email, password: 'not the password' } });
    expect(wrong.status).toBe(401);

    const recs = await club.call('GET', '/api/recommendations/', { token: admin });
    expect(recs.body.map((r: { title: string }) => r.title)).toContain('Solaris');
    // Moderators still see the account, marked; members no longer do.
    const forAdmin = await club.call('GET', '/api/users', { token: admin });
    expect(forAdmin.body.find((u: { email: string }) => u.email === member.email)).toMatchObject({ isDisabled: true });
    const other = await addMember(club);
    const forMember = await club.call('GET', '/api/users', { token: other.token });
    expect(forMember.body.map((u: { email: string }) => u.email)).not.toContain(member.email);
  });

  it('enabling it lets the member sign in again; old tokens stay ended', async () => {
    await club.call('POST', `/api/admin/disable/${member.email}`, { token: admin });
    const enabled = await club.call('POST', `/api/admin/enable/${member.email}`, { token: admin });
    expect(enabled.body).toMatchObject({ isDisabled: false });
    expect((await club.call('GET', '/api/books/', { token: member.token })).status).toBe(401);
    const login = await club.call('POST', '/api/accounts/login', { body: { email: member.email, password: 'member password 123' } });
    expect(login.status).toBe(200);
    expect((await club.call('GET', '/api/books/', { token: login.body.token })).status).toBe(200);
  });

  it('is for admins only, never of oneself, and of an account that exists', async () => {
    const mod = await addMember(club, { moderator: true });
    const bot = await addMember(club, { bot: true });
    for (const token of [member.token, mod.token, bot.token]) {
      const refused = await club.call('POST', `/api/admin/disable/${ADMIN.email}`, { token });
      expect(refused.status).toBe(403);
    }
    expect((await club.call('POST', `/api/admin/disable/${member.email}`)).status).toBe(401);
    const self = await club.call('POST', `/api/admin/disable/${ADMIN.email}`, { token: admin });
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe('You cannot disable your own account.');
    expect((await club.call('POST', '/api/admin/disable/nobody@club.test', { token: admin })).status).toBe(404);
    // Nothing changed on the refusals.
    expect((await club.call('GET', '/api/accounts/context', { token: admin })).status).toBe(200);
    expect((await club.call('GET', '/api/accounts/context', { token: member.token })).status).toBe(200);
  });

  it('a disabled member is answered alike but gets no reset mail', async () => {
    await club.call('POST', `/api/admin/disable/${member.email}`, { token: admin });
    const asked = await club.call('POST', `/api/accounts/passwordreset/${member.email}`);
    expect(asked).toMatchObject({ status: 200, body: true });
    expect(queuedMailCount(club, member.email)).toBe(0);
  });
});
