import type { ServerConfig } from '../server/settings';

/** What the main process tells the server's utility process. */
export type MainMessage =
  /**
   * `portAttempts` ports from `config.port` upward are tried before giving up. With `restoreFrom`, the
   * club's database is first replaced by that backup, before the server opens it.
   */
  | { type: 'start'; config: ServerConfig; portAttempts: number; restoreFrom?: string }
  /** An online copy of the running club's database to `file`; answered in the order asked. */
  | { type: 'backup'; file: string }
  | { type: 'close' };

/** What the server's utility process answers. */
export type ServerMessage =
  /**
   * `setupCode`: what another computer must enter to create the club's first admin, while the club has
   * none yet (null: no code is needed, or none is asked for).
   */
  | { type: 'started'; port: number; urls: string[]; setupCode: string | null }
  /** `message` is shown to the user as is, so it must be a readable sentence. */
  | { type: 'failed'; message: string }
  /**
   * Before "started": the backup replaced the club; the one it replaced was kept in `keptAs` (null: there was
   * none). `sessionsKept`: the backup brought the token secret, so members stay signed in (absent from a
   * server process that does not say).
   */
  | { type: 'restored'; keptAs: string | null; sessionsKept?: boolean }
  /** Before "started": the backup was refused and nothing changed; the server starts on the old database. */
  | { type: 'restore-refused'; message: string }
  | { type: 'backup-done'; bytes: number }
  | { type: 'backup-failed'; message: string }
  | { type: 'closed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535;
}

function isFile(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

// Both ends are ours, but they are built and loaded separately; checking the shape turns a drift between
// them into a clear log line instead of a hang or a crash on an undefined field.

export function parseServerMessage(value: unknown): ServerMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'started': {
      // A server process from before setup codes sends none; it needs none shown.
      const setupCode = value.setupCode ?? null;
      return isPort(value.port) &&
        Array.isArray(value.urls) &&
        value.urls.every((url) => typeof url === 'string') &&
        (setupCode === null || typeof setupCode === 'string')
        ? { type: 'started', port: value.port, urls: value.urls as string[], setupCode }
        : null;
    }
    case 'failed':
    case 'restore-refused':
    case 'backup-failed':
      return typeof value.message === 'string' ? { type: value.type, message: value.message } : null;
    case 'restored': {
      const { keptAs, sessionsKept } = value;
      if (!(keptAs === null || isFile(keptAs)) || !(sessionsKept === undefined || typeof sessionsKept === 'boolean')) return null;
      return { type: 'restored', keptAs, ...(sessionsKept === undefined ? {} : { sessionsKept }) };
    }
    case 'backup-done':
      return typeof value.bytes === 'number' && Number.isInteger(value.bytes) && value.bytes >= 0 ? { type: 'backup-done', bytes: value.bytes } : null;
    case 'closed':
      return { type: 'closed' };
    default:
      return null;
  }
}

export function parseMainMessage(value: unknown): MainMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'start': {
      const { config, portAttempts, restoreFrom } = value;
      const valid =
        isRecord(config) &&
        typeof config.dataDir === 'string' &&
        typeof config.host === 'string' &&
        isPort(config.port) &&
        typeof portAttempts === 'number' &&
        Number.isInteger(portAttempts) &&
        portAttempts >= 1 &&
        (restoreFrom === undefined || isFile(restoreFrom));
      if (!valid) return null;
      return {
        type: 'start',
        config: config as unknown as ServerConfig,
        portAttempts,
        ...(restoreFrom === undefined ? {} : { restoreFrom }),
      };
    }
    case 'backup':
      return isFile(value.file) ? { type: 'backup', file: value.file } : null;
    case 'close':
      return { type: 'close' };
    default:
      return null;
  }
}
