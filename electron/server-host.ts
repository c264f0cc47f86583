import type { ServerConfig } from '../server/settings';
import { parseServerMessage, type MainMessage } from './messages';

/** The part of Electron's UtilityProcess the main side uses; tests hand in a fake. */
export interface ServerChild {
  postMessage(message: MainMessage): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/**
 * What became of a backup the server was asked to restore before it started. `sessionsKept`: members stay
 * signed in (the backup brought the token secret); absent when the server process did not say.
 */
export type RestoreOutcome = { restored: true; keptAs: string | null; sessionsKept?: boolean } | { restored: false; reason: string };

export interface StartedServer {
  port: number;
  urls: string[];
  /** What another computer must enter to set the club up, while it has no admin yet (see messages.ts). */
  setupCode: string | null;
  /** Only when launched with `restoreFrom`. */
  restore?: RestoreOutcome;
}

export type StartFailure = 'failed' | 'crashed' | 'timeout' | 'stopped';

/** Why the server never reached "started"; `message` is a sentence for the user. */
export class ServerStartError extends Error {
  constructor(
    readonly reason: StartFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

/** closed: it closed cleanly; exited: it was gone before it could; killed: it did not answer in time. */
export type StopOutcome = 'closed' | 'exited' | 'killed';

export interface ServerHost {
  /** Rejects with a ServerStartError when the server fails, crashes, times out or is stopped first. */
  readonly started: Promise<StartedServer>;
  /**
   * Asks the server to close itself and its database, then ends the idle process; kills it if it does
   * not answer in time.
   */
  stop(): Promise<StopOutcome>;
  /** Resolves with the exit code once the process is gone, however it ended. */
  readonly exited: Promise<number>;
  /** An online copy of the running club's database to `file`; rejects with a readable message. */
  backup(file: string): Promise<{ bytes: number }>;
  /** Called when the process dies after it started and before anyone asked it to stop. */
  onCrash(listener: (exitCode: number) => void): void;
}

export interface LaunchOptions {
  fork: () => ServerChild;
  config: ServerConfig;
  portAttempts: number;
  /** A backup to replace the database with before the server opens it (the server must be stopped). */
  restoreFrom?: string;
  /** The first start runs the migrations, which may take a while on a slow disk. */
  startTimeoutMs?: number;
  closeTimeoutMs?: number;
  log?: Pick<Console, 'warn'>;
}

const DEFAULT_START_TIMEOUT_MS = 30_000;
/** A start that restores a backup first unpacks and checks the whole club (gigabytes, for some) before it opens it. */
const DEFAULT_RESTORING_START_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;

/** Forks the server process, asks it to start, and keeps track of where it is in its life. */
export function launchServer(options: LaunchOptions): ServerHost {
  const {
    fork,
    config,
    portAttempts,
    restoreFrom,
    startTimeoutMs = restoreFrom === undefined ? DEFAULT_START_TIMEOUT_MS : DEFAULT_RESTORING_START_TIMEOUT_MS,
    closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
    log = console,
  } = options;

  let state: 'starting' | 'running' | 'stopping' | 'done' = 'starting';
  const crashListeners: ((exitCode: number) => void)[] = [];
  let resolveStarted!: (server: StartedServer) => void;
  let rejectStarted!: (error: ServerStartError) => void;
  const started = new Promise<StartedServer>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  // A caller that quits during start only awaits stop(); its "stopped" rejection must not go unhandled.
  started.catch(() => {});

  let stopping: Promise<StopOutcome> | null = null;
  let finishStop: (outcome: StopOutcome) => void = () => {};
  let restoreOutcome: RestoreOutcome | undefined;
  // Backups asked for and not answered yet; the server answers them in order.
  const pendingBackups: { resolve: (result: { bytes: number }) => void; reject: (error: Error) => void }[] = [];
  let resolveExited!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExited = resolve));

  function failBackups(message: string) {
    for (const pending of pendingBackups.splice(0)) pending.reject(new Error(message));
  }

  const child = fork();

  const startTimer = setTimeout(() => {
    const seconds = startTimeoutMs / 1000;
    failStart(new ServerStartError('timeout', `The club server did not start within ${seconds} seconds.`));
    child.kill();
  }, startTimeoutMs);

  function failStart(error: ServerStartError) {
    clearTimeout(startTimer);
    state = 'done';
    rejectStarted(error);
  }

  child.on('message', (raw) => {
    const message = parseServerMessage(raw);
    if (!message) {
      log.warn('Ignoring an unknown message from the server process:', raw);
      return;
    }
    if (message.type === 'started' && state === 'starting') {
      clearTimeout(startTimer);
      state = 'running';
      resolveStarted({
        port: message.port,
        urls: message.urls,
        setupCode: message.setupCode,
        ...(restoreOutcome ? { restore: restoreOutcome } : {}),
      });
    } else if (message.type === 'restored' && state === 'starting') {
      const { keptAs, sessionsKept } = message;
      restoreOutcome = { restored: true, keptAs, ...(sessionsKept === undefined ? {} : { sessionsKept }) };
    } else if (message.type === 'restore-refused' && state === 'starting') {
      restoreOutcome = { restored: false, reason: message.message };
    } else if (message.type === 'backup-done' || message.type === 'backup-failed') {
      const pending = pendingBackups.shift();
      if (!pending) log.warn('The server process answered a backup nobody asked for:', message);
      else if (message.type === 'backup-done') pending.resolve({ bytes: message.bytes });
      else pending.reject(new Error(message.message));
    } else if (message.type === 'failed' && state === 'starting') {
      failStart(new ServerStartError('failed', `The club server could not start: ${message.message}`));
      child.kill();
    } else if (message.type === 'closed' && state === 'stopping') {
      finishStop('closed');
      // Its server and database are closed; nothing is left for the process to do.
      child.kill();
    }
  });

  child.on('exit', (code) => {
    resolveExited(code);
    failBackups('The club server stopped before the backup was finished.');
    if (state === 'starting') {
      failStart(new ServerStartError('crashed', `The club server stopped unexpectedly while starting (exit code ${code}).`));
    } else if (state === 'running') {
      state = 'done';
      for (const listener of crashListeners) listener(code);
    } else if (state === 'stopping') {
      finishStop('exited');
    }
  });

  function stop(): Promise<StopOutcome> {
    stopping ??= new Promise<StopOutcome>((resolve) => {
      if (state === 'done') {
        resolve('exited');
        return;
      }
      if (state === 'starting') {
        clearTimeout(startTimer);
        rejectStarted(new ServerStartError('stopped', 'The club server was stopped before it started.'));
      }
      state = 'stopping';
      const killTimer = setTimeout(() => {
        finishStop('killed');
        child.kill();
      }, closeTimeoutMs);
      finishStop = (outcome) => {
        clearTimeout(killTimer);
        state = 'done';
        failBackups('The club server stopped before the backup was finished.');
        resolve(outcome);
      };
      try {
        child.postMessage({ type: 'close' });
      } catch (error) {
        // The process is going away but its exit was not reported yet; nothing is left to close cleanly.
        log.warn('Could not ask the server process to close:', error);
        finishStop('killed');
        child.kill();
      }
    });
    return stopping;
  }

  function backup(file: string): Promise<{ bytes: number }> {
    if (state !== 'running') return Promise.reject(new Error('The club server is not running.'));
    return new Promise((resolve, reject) => {
      pendingBackups.push({ resolve, reject });
      try {
        child.postMessage({ type: 'backup', file });
      } catch (error) {
        pendingBackups.pop();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  child.postMessage({ type: 'start', config, portAttempts, ...(restoreFrom === undefined ? {} : { restoreFrom }) });

  return {
    started,
    stop,
    exited,
    backup,
    onCrash(listener) {
      crashListeners.push(listener);
    },
  };
}
