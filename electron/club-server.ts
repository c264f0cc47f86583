import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  launchServer,
  ServerStartError,
  type LaunchOptions,
  type ServerHost,
  type StartedServer,
  type StopOutcome,
} from './server-host';

/** The club server over its whole life in the app, across the restarts a restore makes. */
export interface ClubServer {
  /** The first start; rejects with a ServerStartError. */
  readonly started: Promise<StartedServer>;
  /** Stops whichever server process runs now, and any restart under way. */
  stop(): Promise<StopOutcome>;
  backup(file: string): Promise<{ bytes: number }>;
  /**
   * Stops the server cleanly, replaces the database with the backup in a fresh server process, and starts
   * the club there on the port it had. A refused backup still restarts the club, unchanged; the answer
   * says which (`restore`). Rejects with a ServerStartError when the club could not start again.
   */
  restartRestoring(file: string): Promise<StartedServer>;
  /** Called when a server process dies that nobody asked to stop. */
  onCrash(listener: (exitCode: number) => void): void;
}

export type ClubServerOptions = Omit<LaunchOptions, 'restoreFrom'>;

/** Starts the club server and keeps it going through restores. */
export function superviseServer(options: ClubServerOptions): ClubServer {
  const crashListeners: ((exitCode: number) => void)[] = [];
  let stopped = false;
  let restarting: Promise<StartedServer> | null = null;

  function watch(launched: ServerHost): ServerHost {
    launched.onCrash((exitCode) => {
      for (const listener of crashListeners) listener(exitCode);
    });
    return launched;
  }

  let host = watch(launchServer(options));
  const { started } = host;

  /** The old process ends soon after it stopped; a restore waits for that, but not forever. */
  function gone(previous: ServerHost): Promise<unknown> {
    const waitMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, waitMs)));
    return Promise.race([previous.exited, timeout]).finally(() => clearTimeout(timer));
  }

  async function restart(file: string): Promise<StartedServer> {
    const previous = host;
    // Restarting a server that never started would only fail again.
    const { port } = await previous.started;
    const outcome = await previous.stop();
    if (outcome === 'killed') options.log?.warn('The club server did not close in time and was stopped.');
    await gone(previous);
    if (stopped) throw new ServerStartError('stopped', 'The club server was stopped before it started again.');
    // The same port, so the window and the addresses members have keep working; with one attempt, a
    // port taken in the meantime is reported rather than silently moving the club.
    host = watch(launchServer({ ...options, config: { ...options.config, port }, portAttempts: 1, restoreFrom: file }));
    return host.started;
  }

  return {
    started,
    stop() {
      stopped = true;
      return host.stop();
    },
    backup: (file) => host.backup(file),
    restartRestoring(file) {
      if (restarting) return Promise.reject(new Error('A restore is already under way.'));
      restarting = restart(file).finally(() => {
        restarting = null;
      });
      return restarting;
    },
    onCrash(listener) {
      crashListeners.push(listener);
    },
  };
}
