import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ThrottleOptions } from './features/accounts/attempt-throttle';
import type { HashingLimits } from './features/accounts/password-hasher';
import type { Clock } from './clock';
import type { DemoRole } from '../shared/api/demo';
import { DEFAULT_LANGUAGE, DEFAULT_SITE_NAME, isLanguage, type Language } from '../shared/constants';

/** Everything a club server needs to start; the headless entry, the desktop shell and tests build one. */
export interface ServerConfig {
  dataDir: string;
  port: number;
  host: string;
  /** Base of links in mails; defaults to http://localhost:PORT. */
  publicUrl?: string;
  siteName: string;
  defaultLanguage: Language;
  matrixRoomLink: string | null;
  smtpUrl: string | null;
  /** The From of the club's mail; by default the site name at PUBLIC_URL's host. */
  mailFrom?: string | null;
  /** The built renderer to serve; null serves none (API-only tests). */
  rendererDir: string | null;
  /**
   * A better-sqlite3 binary built for another runtime's ABI (Electron's), used instead of the one in
   * node_modules, which stays built for Node so `npm start` and `npm test` keep working.
   */
  sqliteNativeBinding?: string;
  /**
   * How many reverse proxies stand in front of the club (TRUST_PROXY). 0: the TCP peer is the client, and
   * X-Forwarded-For is ignored; n: the client is the address the n-th proxy from us saw.
   */
  trustProxy?: number;
  /** The club's time zone (TIME_ZONE, an IANA name): how mails write times (default: the host's). Readers see their own zone. */
  timeZone?: string;
  /** The club's clock: deadlines and reminders run on it (tests move it on by hand). */
  clock?: Clock;
  /** How many hours before a poll's deadline its reminder goes to those who have not voted (POLL_REMINDER_HOURS, default 24). */
  pollReminderHours?: number;
  /** Where the daily backups go (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir?: string;
  /** How many daily backups are kept (BACKUPS_KEPT, default 7); 0 makes none. */
  backupsKept?: number;
  /** Tuning of the failed-login protection (tests shorten its delays). */
  loginThrottle?: Partial<ThrottleOptions>;
  /** How many calendar feed fetches an address may make a minute (60; the fuzz tests lift it to reach the route itself). */
  feedFetchesPerMinute?: number;
  /** Tuning of the bounded password hashing (tests). */
  passwordHashing?: Partial<HashingLimits>;
  /** Log each request and start-up line; off in tests. */
  quiet?: boolean;
  /** The club's Matrix room (MATRIX_HOMESERVER, MATRIX_ROOM_ID, MATRIX_ACCESS_TOKEN: all three or none); an admin may enter one otherwise. */
  matrix?: { homeserver: string; roomId: string; accessToken: string } | null;
  /** Pauses between a chat delivery's tries (tests shorten them). */
  chatRetryDelaysMs?: number[];
  /** How long a chat receiver has to answer (tests shorten it). */
  chatTimeoutMs?: number;
  /**
   * Open Library for the book lookup (OPEN_LIBRARY_URL, OPEN_LIBRARY_COVERS_URL); null or absent: no lookup.
   * readSettings gives the real service unless told otherwise; tests give a fake or nothing.
   */
  openLibrary?: OpenLibrarySettings | null;
  /** Lookups and stored covers a member may ask for a minute (60; the fuzz tests lift it to reach the route itself). */
  bookLookupsPerMinute?: number;
  /**
   * The demo club (`npm start -- demo`, server/demo.ts): the made-up accounts a visitor signs in as with one
   * click, and nothing sent out (no chat or webhook deliveries). Absent or null in a real club, where the
   * demo's sign-in route is a 404.
   */
  demo?: DemoSettings | null;
  /**
   * Reading members' Goodreads and StoryGraph shelves (GOODREADS_URL, STORYGRAPH_URL, SHELF_SYNC_INTERVAL_HOURS);
   * null or absent: no shelves. readSettings gives the real sites unless told otherwise; tests give fakes.
   */
  shelves?: ShelfSettings | null;
}

export interface DemoSettings {
  accounts: { role: DemoRole; userId: string; name: string }[];
}

export interface ShelfSettings {
  /** Where Goodreads' shelf feeds are read (`/review/list_rss/{id}`); null: Goodreads profiles cannot be linked. */
  goodreadsUrl: string | null;
  /** Where StoryGraph's shelf pages are read (`/currently-reading/{name}`); null: StoryGraph profiles cannot be linked. */
  storygraphUrl: string | null;
  /** How often each linked profile is read; 0: only when its member links it or asks. */
  intervalHours: number;
  /** The pause between one member's reading and the next's (3 s; tests shorten it). */
  pauseMs?: number;
  /** How long one feed or page may take (10 s; tests shorten it). */
  timeoutMs?: number;
  /** Link and "read now" calls a member may make a minute (6; the fuzz lifts it). */
  syncsPerMinute?: number;
}

export const GOODREADS_URL = 'https://www.goodreads.com';
export const STORYGRAPH_URL = 'https://app.thestorygraph.com';
export const SHELF_SYNC_INTERVAL_HOURS = 12;

export interface OpenLibrarySettings {
  /** Where search.json is asked (`https://openlibrary.org`); work links point there too. */
  url: string;
  /** Where covers are fetched from (`https://covers.openlibrary.org`). */
  coversUrl: string;
  /** How long one lookup or cover may take (6 s; tests shorten it). */
  timeoutMs?: number;
}

export const OPEN_LIBRARY_URL = 'https://openlibrary.org';
export const OPEN_LIBRARY_COVERS_URL = 'https://covers.openlibrary.org';

/** One setting: its environment variable and its flag, which mean the same. */
const SETTINGS = {
  port: { env: 'PORT', flag: '--port' },
  host: { env: 'HOST', flag: '--host' },
  dataDir: { env: 'DATA_DIR', flag: '--data-dir' },
  publicUrl: { env: 'PUBLIC_URL', flag: '--public-url' },
  siteName: { env: 'SITE_NAME', flag: '--site-name' },
  defaultLanguage: { env: 'DEFAULT_LANGUAGE', flag: '--default-language' },
  matrixRoomLink: { env: 'MATRIX_ROOM_LINK', flag: '--matrix-room-link' },
  smtpUrl: { env: 'SMTP_URL', flag: '--smtp-url' },
  mailFrom: { env: 'MAIL_FROM', flag: '--mail-from' },
  trustProxy: { env: 'TRUST_PROXY', flag: '--trust-proxy' },
  timeZone: { env: 'TIME_ZONE', flag: '--time-zone' },
  pollReminderHours: { env: 'POLL_REMINDER_HOURS', flag: '--poll-reminder-hours' },
  backupDir: { env: 'BACKUP_DIR', flag: '--backup-dir' },
  backupsKept: { env: 'BACKUPS_KEPT', flag: '--backups-kept' },
  matrixHomeserver: { env: 'MATRIX_HOMESERVER', flag: '--matrix-homeserver' },
  matrixRoomId: { env: 'MATRIX_ROOM_ID', flag: '--matrix-room-id' },
  matrixAccessToken: { env: 'MATRIX_ACCESS_TOKEN', flag: '--matrix-access-token' },
  openLibraryUrl: { env: 'OPEN_LIBRARY_URL', flag: '--open-library-url' },
  openLibraryCoversUrl: { env: 'OPEN_LIBRARY_COVERS_URL', flag: '--open-library-covers-url' },
  goodreadsUrl: { env: 'GOODREADS_URL', flag: '--goodreads-url' },
  storygraphUrl: { env: 'STORYGRAPH_URL', flag: '--storygraph-url' },
  shelfSyncIntervalHours: { env: 'SHELF_SYNC_INTERVAL_HOURS', flag: '--shelf-sync-interval-hours' },
} as const;
/** Every setting's flag (`--port`, ...): what the command line may hold besides a command and its own flags. */
export const SETTING_FLAGS: readonly string[] = Object.values(SETTINGS).map((setting) => setting.flag);
/** Settings where an empty value means something (off), rather than "not set". */
const EMPTY_MEANS_OFF: ReadonlySet<SettingName> = new Set(['openLibraryUrl', 'goodreadsUrl', 'storygraphUrl', 'shelfSyncIntervalHours']);
type SettingName = keyof typeof SETTINGS;

export class SettingsError extends Error {}

/** Reads `--flag value` and `--flag=value` (node:util parseArgs); a flag wins over its environment variable. */
function readRaw(argv: readonly string[], env: NodeJS.ProcessEnv): Partial<Record<SettingName, string>> {
  const raw: Partial<Record<SettingName, string>> = {};
  const entries = Object.entries(SETTINGS) as [SettingName, (typeof SETTINGS)[SettingName]][];
  for (const [name, { env: key }] of entries) {
    const value = env[key];
    if (value !== undefined && (value !== '' || EMPTY_MEANS_OFF.has(name))) raw[name] = value;
  }
  // Not strict: the same arguments carry a command's own flags (cli.ts), which are not settings.
  const options = Object.fromEntries(entries.map(([, { flag }]) => [flag.slice(2), { type: 'string' as const }]));
  const { values } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true });
  for (const [name, { flag }] of entries) {
    const value = values[flag.slice(2)];
    if (value === undefined) continue;
    // A flag with nothing after it reads as `true` when not strict.
    if (typeof value !== 'string') throw new SettingsError(`${flag} needs a value`);
    raw[name] = value;
  }
  return raw;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

const DEFAULT_BACKUPS_KEPT = 7;

/** Where daily backups go unless BACKUP_DIR says otherwise. */
export function defaultBackupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** The daily backups' folder and how many are kept, for any config (tests and the desktop shell may leave them out). */
export function backupSettings(config: Pick<ServerConfig, 'dataDir' | 'backupDir' | 'backupsKept'>): { folder: string; kept: number } {
  return { folder: config.backupDir ?? defaultBackupDir(config.dataDir), kept: config.backupsKept ?? DEFAULT_BACKUPS_KEPT };
}

/** The host's own time zone, as the system names it (UTC when it names none). */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function parseTimeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new SettingsError(`TIME_ZONE must be a time zone name such as Europe/Bratislava or UTC, not "${value}"`);
  }
}

/** The Matrix room of MATRIX_HOMESERVER, MATRIX_ROOM_ID and MATRIX_ACCESS_TOKEN: all three, or none. */
function parseMatrix(raw: Partial<Record<SettingName, string>>): ServerConfig['matrix'] {
  const { matrixHomeserver: homeserver, matrixRoomId: roomId, matrixAccessToken: accessToken } = raw;
  if (homeserver === undefined && roomId === undefined && accessToken === undefined) return null;
  if (homeserver === undefined || roomId === undefined || accessToken === undefined) {
    throw new SettingsError('MATRIX_HOMESERVER, MATRIX_ROOM_ID and MATRIX_ACCESS_TOKEN go together: set all three, or none');
  }
  if (!URL.canParse(homeserver) || !/^https?:$/.test(new URL(homeserver).protocol)) {
    throw new SettingsError(`MATRIX_HOMESERVER must be the homeserver's address, such as https://matrix.example.org, not "${homeserver}"`);
  }
  // The token is never repeated in a message: a log would keep it.
  if (!/^![^:\s]+:\S+$/.test(roomId)) throw new SettingsError(`MATRIX_ROOM_ID must be a room id such as !abc123:example.org, not "${roomId}"`);
  // A homeserver served under a path keeps it (https://example.org/matrix); a trailing slash goes.
  const url = new URL(homeserver);
  return { homeserver: url.origin + url.pathname.replace(/\/+$/, ''), roomId, accessToken };
}

/**
 * The book lookup's Open Library: the real one unless OPEN_LIBRARY_URL names another (a mirror, a fake in
 * tests), none when it is empty. Covers come from OPEN_LIBRARY_COVERS_URL, else from the real covers host when
 * the lookup asks the real Open Library, else from OPEN_LIBRARY_URL itself (so one fake serves both).
 */
function parseOpenLibrary(raw: Partial<Record<SettingName, string>>): OpenLibrarySettings | null {
  if (raw.openLibraryUrl?.trim() === '') return null;
  const base = (name: string, value: string) => {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      throw new SettingsError(`${name} must be an address such as ${OPEN_LIBRARY_URL}, or empty to turn the book lookup off, not "${value}"`);
    }
    return value.trim().replace(/\/+$/, '');
  };
  const url = raw.openLibraryUrl === undefined ? OPEN_LIBRARY_URL : base('OPEN_LIBRARY_URL', raw.openLibraryUrl);
  const coversUrl =
    raw.openLibraryCoversUrl !== undefined
      ? base('OPEN_LIBRARY_COVERS_URL', raw.openLibraryCoversUrl)
      : url === OPEN_LIBRARY_URL
        ? OPEN_LIBRARY_COVERS_URL
        : url;
  return { url, coversUrl };
}

/**
 * Members' shelves: the real Goodreads and StoryGraph unless GOODREADS_URL or STORYGRAPH_URL names another
 * (a fake in tests), that site off when empty; SHELF_SYNC_INTERVAL_HOURS (12) how often, 0 or empty: never on
 * its own (a member's link and "read now" still read).
 */
function parseShelves(raw: Partial<Record<SettingName, string>>): ShelfSettings {
  const site = (name: string, value: string | undefined, real: string) => {
    if (value === undefined) return real;
    if (value.trim() === '') return null;
    if (!URL.canParse(value.trim()) || !/^https?:$/.test(new URL(value.trim()).protocol)) {
      throw new SettingsError(`${name} must be an address such as ${real}, or empty to stop reading its shelves, not "${value}"`);
    }
    return value.trim().replace(/\/+$/, '');
  };
  const hours = raw.shelfSyncIntervalHours?.trim() === '' ? 0 : Number(raw.shelfSyncIntervalHours ?? SHELF_SYNC_INTERVAL_HOURS);
  if (!(Number.isFinite(hours) && hours >= 0 && hours <= 24 * 30)) {
    throw new SettingsError(
      `SHELF_SYNC_INTERVAL_HOURS must be a number of hours from 0 to 720 (0 or empty: only when asked), not "${raw.shelfSyncIntervalHours}"`,
    );
  }
  return {
    goodreadsUrl: site('GOODREADS_URL', raw.goodreadsUrl, GOODREADS_URL),
    storygraphUrl: site('STORYGRAPH_URL', raw.storygraphUrl, STORYGRAPH_URL),
    intervalHours: hours,
  };
}

/** Settings from environment variables and flags (DECISIONS.md "Running it"). */
export function readSettings(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Omit<ServerConfig, 'rendererDir'> {
  const raw = readRaw(argv, env);
  const defaultLanguage = raw.defaultLanguage ?? DEFAULT_LANGUAGE;
  if (!isLanguage(defaultLanguage)) {
    throw new SettingsError(`DEFAULT_LANGUAGE must be en or sk, not "${defaultLanguage}"`);
  }
  if (raw.publicUrl !== undefined && !URL.canParse(raw.publicUrl)) {
    throw new SettingsError(`PUBLIC_URL must be a full address such as https://club.example.org, not "${raw.publicUrl}"`);
  }
  const pollReminderHours = Number(raw.pollReminderHours ?? '24');
  if (!(Number.isFinite(pollReminderHours) && pollReminderHours >= 0 && pollReminderHours <= 24 * 30) || raw.pollReminderHours?.trim() === '') {
    throw new SettingsError(`POLL_REMINDER_HOURS must be a number of hours from 0 to 720, not "${raw.pollReminderHours}"`);
  }
  const backupsKept = Number(raw.backupsKept ?? DEFAULT_BACKUPS_KEPT);
  if (!Number.isInteger(backupsKept) || backupsKept < 0 || backupsKept > 365) {
    throw new SettingsError(`BACKUPS_KEPT must be how many daily backups to keep (0 to 365; 0 makes none), not "${raw.backupsKept}"`);
  }
  const dataDir = path.resolve(cwd, raw.dataDir ?? 'data');
  const trustProxy = Number(raw.trustProxy ?? '0');
  if (!Number.isInteger(trustProxy) || trustProxy < 0 || trustProxy > 10) {
    throw new SettingsError(`TRUST_PROXY must be the number of proxies in front of the club (0 to 10), not "${raw.trustProxy}"`);
  }
  return {
    port: parsePort(raw.port ?? '8080'),
    trustProxy,
    host: raw.host ?? '0.0.0.0',
    dataDir,
    backupDir: raw.backupDir === undefined ? defaultBackupDir(dataDir) : path.resolve(cwd, raw.backupDir),
    backupsKept,
    publicUrl: raw.publicUrl?.replace(/\/+$/, ''),
    siteName: raw.siteName ?? DEFAULT_SITE_NAME,
    defaultLanguage,
    matrixRoomLink: raw.matrixRoomLink ?? null,
    smtpUrl: raw.smtpUrl ?? null,
    mailFrom: raw.mailFrom ?? null,
    timeZone: raw.timeZone === undefined ? hostTimeZone() : parseTimeZone(raw.timeZone),
    pollReminderHours,
    matrix: parseMatrix(raw),
    openLibrary: parseOpenLibrary(raw),
    shelves: parseShelves(raw),
  };
}
