import type { ServerConfig } from '../server/settings';
import type { RunningServer } from '../server/start-server';
import { parseMainMessage, type MainMessage, type ServerMessage } from './messages';
import { startOnFreePort } from './ports';

/** The part of Electron's `process.parentPort` the server side uses. */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: ServerMessage): void;
}

export type StartServer = (config: ServerConfig) => Promise<RunningServer>;

/** The club's whole backup and restore, done in this process with the server's own SQLite binding. */
export interface ClubMaintenance {
  /** A whole-club backup (database, images, token secret) to `file` while the server runs. */
  backup(config: ServerConfig, file: string): Promise<{ bytes: number }>;
  /**
   * Replaces the club with a backup; only while no server has it open. `keptAs`: the folder the replaced
   * club is kept in; `sessionsKept`: the backup brought the token secret, so members stay signed in.
   */
  restore(config: ServerConfig, file: string): Promise<{ keptAs: string; sessionsKept: boolean }>;
  /** Whether `restore` refused the file before changing anything (not a club backup, damaged...). */
  isRefusal(error: unknown): boolean;
}

const noMaintenance: ClubMaintenance = {
  backup: () => Promise.reject(new Error('Backups are not available in this process.')),
  restore: () => Promise.reject(new Error('Restoring is not available in this process.')),
  isRefusal: () => false,
};

type Log = Pick<Console, 'warn' | 'error'>;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The part of `process` that reports a promise rejected with nobody to handle it. */
export interface RejectionSource {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Logs a rejection nobody handled instead of letting Node end the process on it (its default): one
 * request handler's forgotten promise must not end the club for everyone.
 */
export function surviveUnhandledRejections(source: RejectionSource, log: Pick<Console, 'error'> = console): void {
  source.on('unhandledRejection', (reason) => {
    log.error('A promise in the club server was rejected and nobody handled it; the club carries on:', reason);
  });
}

/**
 * Runs the club server on the main process's orders: a "start" message starts it (walking up from the
 * requested port while ports are taken; restoring a backup first when asked), "backup" copies its
 * database, and "close" closes it and its database.
 */
export function serveParent(parentPort: ParentPortLike, startServer: StartServer, log: Log = console, maintenance: ClubMaintenance = noMaintenance): void {
  // Resolves to the running server, or to null when starting failed.
  let starting: Promise<RunningServer | null> | null = null;
  let closing: Promise<void> | null = null;
  // The config the server runs with (on the port it got), once it runs.
  let running: ServerConfig | null = null;
  // Backups run one after another, so their answers come in the order they were asked for.
  let backups: Promise<void> = Promise.resolve();

  /** False when the start must not go on: the restore failed part-way. */
  async function restore(config: ServerConfig, file: string): Promise<boolean> {
    try {
      const { keptAs, sessionsKept } = await maintenance.restore(config, file);
      parentPort.postMessage({ type: 'restored', keptAs, sessionsKept });
      return true;
    } catch (error) {
      if (maintenance.isRefusal(error)) {
        parentPort.postMessage({ type: 'restore-refused', message: describe(error) });
        return true;
      }
      // The database may be half replaced; starting could show members an empty club (and let anyone
      // register as its first admin), so the host looks at the data folder first.
      log.error('Restoring the club failed:', error);
      parentPort.postMessage({
        type: 'failed',
        message:
          `Restoring the club from ${file} failed: ${describe(error)}. The club was not started; ` +
          `check its data folder (${config.dataDir}) before starting it again.`,
      });
      return false;
    }
  }

  async function start({ config, portAttempts, restoreFrom }: Extract<MainMessage, { type: 'start' }>) {
    if (restoreFrom !== undefined && !(await restore(config, restoreFrom))) return null;
    try {
      const server = await startOnFreePort((port) => startServer({ ...config, port }), config.port, portAttempts);
      running = { ...config, port: server.port };
      // Once a close was asked for, the main process no longer waits for "started".
      if (!closing) {
        const { port, urls, setupCode } = server;
        parentPort.postMessage({ type: 'started', port, urls, setupCode });
      }
      return server;
    } catch (error) {
      log.error('The club server could not start:', error);
      parentPort.postMessage({ type: 'failed', message: describe(error) });
      return null;
    }
  }

  function backup(file: string) {
    backups = backups.then(async () => {
      const server = await starting;
      if (!server || !running) {
        parentPort.postMessage({ type: 'backup-failed', message: 'The club server is not running.' });
        return;
      }
      try {
        const { bytes } = await maintenance.backup(running, file);
        parentPort.postMessage({ type: 'backup-done', bytes });
      } catch (error) {
        log.error('The backup failed:', error);
        parentPort.postMessage({ type: 'backup-failed', message: describe(error) });
      }
    });
  }

  function close() {
    closing ??= (async () => {
      // A close during start waits for the start to finish, so the database is never left half-open;
      // a backup under way finishes first, so it never leaves a partial file behind.
      const server = await starting;
      await backups;
      try {
        await server?.close();
      } catch (error) {
        log.error('Closing the club server failed:', error);
      }
      parentPort.postMessage({ type: 'closed' });
    })();
  }

  parentPort.on('message', ({ data }) => {
    const message = parseMainMessage(data);
    if (!message) {
      log.warn('Ignoring an unknown message from the main process:', data);
      return;
    }
    switch (message.type) {
      case 'close':
        close();
        break;
      case 'backup':
        if (closing) parentPort.postMessage({ type: 'backup-failed', message: 'The club server is closing.' });
        else backup(message.file);
        break;
      case 'start':
        if (!starting && !closing) starting = start(message);
        break;
    }
  });
}
