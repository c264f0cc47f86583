import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostSetup, HostStatus } from '../../../shared/api/host';
import { HUB_PATH } from '../../../shared/constants';
import { club, closeClubs, download, sockets, tracked, upload } from '../../test-support/host-console';
import { addMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import { setUpClub } from '../../test-support/test-server';

// The host's console over HTTP: admins only (the setup details: the host's own machine, before any
// account), the club's state and mail retries.

afterEach(async () => {
  vi.restoreAllMocks();
  await closeClubs();
});

describe('who may use the host console', () => {
  it('members, moderators and bots get 403 on every host route, visitors 401, and nothing changes', async () => {
    const reading = await startReadingClub();
    tracked(reading.club);
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
