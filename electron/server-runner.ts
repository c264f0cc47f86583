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

type Log = Pick<Console, 'warn' | 'error'>;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the club server on the main process's orders: a "start" message starts it (walking up from the
 * requested port while ports are taken), a "close" message closes it and its database.
 */
export function serveParent(parentPort: ParentPortLike, startServer: StartServer, log: Log = console): void {
  // Resolves to the running server, or to null when starting failed.
  let starting: Promise<RunningServer | null> | null = null;
  let closing: Promise<void> | null = null;

  async function start({ config, portAttempts }: Extract<MainMessage, { type: 'start' }>) {
    try {
      const server = await startOnFreePort((port) => startServer({ ...config, port }), config.port, portAttempts);
      // Once a close was asked for, the main process no longer waits for "started".
      if (!closing) parentPort.postMessage({ type: 'started', port: server.port, urls: server.urls });
      return server;
    } catch (error) {
      log.error('The club server could not start:', error);
      parentPort.postMessage({ type: 'failed', message: describe(error) });
      return null;
    }
  }

  function close() {
    closing ??= (async () => {
      // A close during start waits for the start to finish, so the database is never left half-open.
      const server = await starting;
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
    if (message.type === 'close') close();
    else if (!starting && !closing) starting = start(message);
  });
}
