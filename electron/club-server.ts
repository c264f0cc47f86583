import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  launchServer,
  ServerStartError,
  type LaunchOptions,
  type ServerHost,
  type StartedServer,
  type StopOutcome,
} from './server-host';

/** The club server over its whole life in the app, across the restarts a restore or a crash makes. */
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
  /** Called when the club runs again, on the port it had, after its server process died unexpectedly. */
  onRestarted(listener: (started: StartedServer) => void): void;
  /**
   * Called when the club is down for good: its server died too often in a short while, or could not
   * start again after dying. The error's message is a sentence for the user.
   */
  onCrash(listener: (error: Error) => void): void;
}

export interface ClubServerOptions extends Omit<LaunchOptions, 'restoreFrom'> {
  /** How many crashes within `crashWindowMs` are restarted; the next one gives up. */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** The clock crashes are counted by, in milliseconds. */
  now?: () => number;
}

const DEFAULT_MAX_CRASHES = 3;
const DEFAULT_CRASH_WINDOW_MS = 60_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Starts the club server and keeps it going through restores and crashes. */
export function superviseServer(options: ClubServerOptions): ClubServer {
  const { maxCrashes = DEFAULT_MAX_CRASHES, crashWindowMs = DEFAULT_CRASH_WINDOW_MS, now = Date.now, ...launchOptions } = options;
  const log = options.log ?? console;
  const crashListeners: ((error: Error) => void)[] = [];
  const restartListeners: ((started: StartedServer) => void)[] = [];
  let stopped = false;
  let restarting: Promise<StartedServer> | null = null;
  // When the server died within the last crashWindowMs.
  let crashes: number[] = [];

  function giveUp(error: Error) {
    for (const listener of crashListeners) listener(error);
  }

  /** Counts a crash; false when it is one too many for the window. */
  function mayRestart(): boolean {
    const at = now();
    crashes = [...crashes.filter((time) => time > at - crashWindowMs), at];
    return crashes.length <= maxCrashes;
  }

  function watch(launched: ServerHost): ServerHost {
    // The port it got; a crash is only reported after the start, so by then this is the real one.
    let port = launchOptions.config.port;
    launched.started.then(
      (started) => (port = started.port),
      () => {},
    );
    launched.onCrash((exitCode) => {
      if (!stopped && launched === host) restartAfterCrash(exitCode, port);
    });
    return launched;
  }

  /**
   * The same port, so the window and the addresses members have keep working; with one attempt, a
   * port taken in the meantime is reported rather than silently moving the club.
   */
  function relaunch(port: number, restoreFrom?: string): ServerHost {
    const config = { ...launchOptions.config, port };
    const restore = restoreFrom === undefined ? {} : { restoreFrom };
    return watch(launchServer({ ...launchOptions, config, portAttempts: 1, ...restore }));
  }

  function restartAfterCrash(exitCode: number, port: number) {
    if (!mayRestart()) {
      giveUp(
        new Error(
          `The club server stopped unexpectedly ${crashes.length} times within ${crashWindowMs / 1000} seconds ` + `(exit code ${exitCode} the last time).`,
        ),
      );
      return;
    }
    log.warn(`The club server stopped unexpectedly (exit code ${exitCode}); starting it again on port ${port}.`);
    host = relaunch(port);
    host.started.then(
      (started) => {
        if (!stopped) for (const listener of restartListeners) listener(started);
      },
      (error: unknown) => {
        // A quit during the restart stops it on purpose.
        if (stopped) return;
        const reason = `The club server stopped unexpectedly (exit code ${exitCode}), and starting it again failed.`;
        giveUp(new Error(`${reason} ${describe(error)}`));
      },
    );
  }

  let host = watch(launchServer(launchOptions));
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
    if (outcome === 'killed') log.warn('The club server did not close in time and was stopped.');
    await gone(previous);
    if (stopped) throw new ServerStartError('stopped', 'The club server was stopped before it started again.');
    host = relaunch(port, file);
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
    onRestarted(listener) {
      restartListeners.push(listener);
    },
    onCrash(listener) {
      crashListeners.push(listener);
    },
  };
}
