import { describe, expect, it } from 'vitest';
import { SettingsError, readSettings } from './settings';

describe('settings', () => {
  it('has defaults for a club with nothing configured', () => {
    expect(readSettings([], {}, '/srv/club')).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/club/data',
      publicUrl: undefined,
      siteName: 'Bookclub',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      smtpUrl: null,
      mailFrom: null,
      trustProxy: 0,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      pollReminderHours: 24,
      backupDir: '/srv/club/data/backups',
      backupsKept: 7,
      matrix: null,
      openLibrary: { url: 'https://openlibrary.org', coversUrl: 'https://covers.openlibrary.org' },
      shelves: { goodreadsUrl: 'https://www.goodreads.com', storygraphUrl: 'https://app.thestorygraph.com', intervalHours: 12 },
    });
  });

  it('reads shelves from GOODREADS_URL and STORYGRAPH_URL (empty: that site off) every SHELF_SYNC_INTERVAL_HOURS (0 or empty: when asked)', () => {
    const env = { GOODREADS_URL: 'http://127.0.0.1:9000/', STORYGRAPH_URL: '', SHELF_SYNC_INTERVAL_HOURS: '0.5' };
    expect(readSettings([], env, '/srv/club').shelves).toEqual({ goodreadsUrl: 'http://127.0.0.1:9000', storygraphUrl: null, intervalHours: 0.5 });
    expect(readSettings(['--shelf-sync-interval-hours='], {}, '/srv/club').shelves?.intervalHours).toBe(0);
    expect(readSettings([], { SHELF_SYNC_INTERVAL_HOURS: '0' }, '/srv/club').shelves?.intervalHours).toBe(0);
    expect(() => readSettings([], { SHELF_SYNC_INTERVAL_HOURS: 'daily' }, '/srv/club')).toThrow(/SHELF_SYNC_INTERVAL_HOURS/);
    expect(() => readSettings([], { SHELF_SYNC_INTERVAL_HOURS: '-1' }, '/srv/club')).toThrow(/SHELF_SYNC_INTERVAL_HOURS/);
    expect(() => readSettings([], { GOODREADS_URL: 'goodreads.com' }, '/srv/club')).toThrow(/GOODREADS_URL/);
    expect(() => readSettings([], { STORYGRAPH_URL: 'file:///etc' }, '/srv/club')).toThrow(/STORYGRAPH_URL/);
  });

  it('turns the book lookup off with an empty OPEN_LIBRARY_URL, and takes covers from another Open Library itself', () => {
    expect(readSettings([], { OPEN_LIBRARY_URL: '' }, '/srv/club').openLibrary).toBeNull();
    expect(readSettings(['--open-library-url='], {}, '/srv/club').openLibrary).toBeNull();
    expect(readSettings([], { OPEN_LIBRARY_URL: 'http://127.0.0.1:9000/' }, '/srv/club').openLibrary).toEqual({
      url: 'http://127.0.0.1:9000',
      coversUrl: 'http://127.0.0.1:9000',
    });
    const both = { OPEN_LIBRARY_URL: 'https://ol.example.org', OPEN_LIBRARY_COVERS_URL: 'https://covers.example.org' };
    expect(readSettings([], both, '/srv/club').openLibrary).toEqual({ url: 'https://ol.example.org', coversUrl: 'https://covers.example.org' });
    expect(() => readSettings([], { OPEN_LIBRARY_URL: 'openlibrary.org' }, '/srv/club')).toThrow(/OPEN_LIBRARY_URL/);
    expect(() => readSettings([], { OPEN_LIBRARY_COVERS_URL: 'file:///etc' }, '/srv/club')).toThrow(/OPEN_LIBRARY_COVERS_URL/);
  });

  it('reads the Matrix room from all three MATRIX_* settings, and refuses some without the others or a malformed one', () => {
    const env = { MATRIX_HOMESERVER: 'https://matrix.example.org/', MATRIX_ROOM_ID: '!abc:example.org', MATRIX_ACCESS_TOKEN: 'syt_secret' };
    expect(readSettings([], env, '/srv/club').matrix).toEqual({
      homeserver: 'https://matrix.example.org',
      roomId: '!abc:example.org',
      accessToken: 'syt_secret',
    });
    expect(readSettings([], { ...env, MATRIX_HOMESERVER: 'http://host/some/prefix/' }, '/srv/club').matrix!.homeserver).toBe('http://host/some/prefix');
    expect(() => readSettings([], { ...env, MATRIX_ACCESS_TOKEN: '' }, '/srv/club')).toThrow(/go together/);
    expect(() => readSettings([], { ...env, MATRIX_HOMESERVER: 'matrix.example.org' }, '/srv/club')).toThrow(/MATRIX_HOMESERVER/);
    expect(() => readSettings([], { ...env, MATRIX_ROOM_ID: '#club:example.org' }, '/srv/club')).toThrow(/MATRIX_ROOM_ID/);
    // The token is the key to the club's Matrix account: no message repeats it.
    try {
      readSettings([], { ...env, MATRIX_ROOM_ID: 'x' }, '/srv/club');
    } catch (error) {
      expect((error as Error).message).not.toContain('syt_secret');
    }
  });

  it('reads BACKUP_DIR (relative to where the server starts) and BACKUPS_KEPT, and refuses a count that is not one', () => {
    expect(readSettings([], { DATA_DIR: '/var/lib/club' }, '/srv/club').backupDir).toBe('/var/lib/club/backups');
    expect(readSettings(['--backup-dir', 'safe'], { BACKUPS_KEPT: '30' }, '/srv/club')).toMatchObject({ backupDir: '/srv/club/safe', backupsKept: 30 });
    expect(readSettings([], { BACKUPS_KEPT: '0' }, '/srv/club').backupsKept).toBe(0);
    for (const wrong of ['-1', 'seven', '2.5', '366']) {
      expect(() => readSettings([], { BACKUPS_KEPT: wrong }, '/srv/club')).toThrow(/BACKUPS_KEPT/);
    }
  });

  it('reads POLL_REMINDER_HOURS as the hours before a deadline the reminder goes, and refuses anything else', () => {
    expect(readSettings([], { POLL_REMINDER_HOURS: '6' }, '/srv/club').pollReminderHours).toBe(6);
    expect(readSettings(['--poll-reminder-hours', '1.5'], {}, '/srv/club').pollReminderHours).toBe(1.5);
    expect(() => readSettings([], { POLL_REMINDER_HOURS: 'soon' }, '/srv/club')).toThrow(/POLL_REMINDER_HOURS/);
    expect(() => readSettings([], { POLL_REMINDER_HOURS: '-1' }, '/srv/club')).toThrow(/POLL_REMINDER_HOURS/);
  });

  it('reads TIME_ZONE as an IANA zone, and refuses a name no one knows', () => {
    expect(readSettings([], { TIME_ZONE: 'Europe/Bratislava' }, '/srv/club').timeZone).toBe('Europe/Bratislava');
    expect(readSettings(['--time-zone', 'UTC'], {}, '/srv/club').timeZone).toBe('UTC');
    expect(() => readSettings([], { TIME_ZONE: 'Mars/Olympus' }, '/srv/club')).toThrow(/TIME_ZONE/);
  });

  it('reads TRUST_PROXY as how many proxies stand in front, and refuses anything else', () => {
    expect(readSettings([], { TRUST_PROXY: '1' }, '/srv/club').trustProxy).toBe(1);
    expect(readSettings(['--trust-proxy', '2'], {}, '/srv/club').trustProxy).toBe(2);
    expect(() => readSettings([], { TRUST_PROXY: 'yes' }, '/srv/club')).toThrow(/TRUST_PROXY/);
    expect(() => readSettings([], { TRUST_PROXY: '-1' }, '/srv/club')).toThrow(/TRUST_PROXY/);
  });

  it('reads environment variables, and a flag wins over its variable', () => {
    const settings = readSettings(
      ['--port', '9000', '--site-name=Riverside Readers'],
      {
        PORT: '7000',
        DATA_DIR: '/var/lib/club',
        DEFAULT_LANGUAGE: 'sk',
        PUBLIC_URL: 'https://club.example.org/',
        SMTP_URL: 'smtp://mail:25',
      },
      '/',
    );
    expect(settings).toMatchObject({
      port: 9000,
      siteName: 'Riverside Readers',
      dataDir: '/var/lib/club',
      defaultLanguage: 'sk',
      publicUrl: 'https://club.example.org',
      smtpUrl: 'smtp://mail:25',
    });
  });

  it('refuses a bad port, language or public URL with a sentence saying so', () => {
    expect(() => readSettings([], { PORT: 'eighty' }, '/')).toThrow(SettingsError);
    expect(() => readSettings(['--default-language', 'de'], {}, '/')).toThrow(/en or sk/);
    expect(() => readSettings([], { PUBLIC_URL: 'club.example.org' }, '/')).toThrow(/PUBLIC_URL/);
    expect(() => readSettings(['--port'], {}, '/')).toThrow(/needs a value/);
  });
});
