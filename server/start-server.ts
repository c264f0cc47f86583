import { boundPort, createClubHttpServer, listen } from './club/club-http-server';
import type { ConnectionLimits } from './http/connection-guard';
import type { HandshakeLimits } from './realtime/pending-handshakes';
import { ClubSlot } from './club/club-slot';
import { prepareDataFolder } from './club/data-folder';
import { createHostProcess } from './club/create-host-process';
import { memberUrls } from './club/member-urls';
import { openClub } from './club/open-club';
import { createHub } from './realtime/hub';
import type { ServerConfig } from './settings';

/**
 * A restore waits this long for requests under way to finish before it closes the database under them;
 * those still running then are answered 503 (come back in a moment), as new ones are.
 */
const RESTORE_DRAIN_MS = 10_000;

export interface RunningServer {
  /** The port actually bound (useful when the config asked for 0). */
  port: number;
  /** Where this machine's browsers and the LAN's reach the club. */
  urls: string[];
  /**
   * While the club has no user: the one-time code that first-admin setup from another machine needs
   * (the host's own machine needs none). Null once the club had a user when it (or its restored club) started.
   */
  readonly setupCode: string | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * The club could not be opened again after a restore (nor the club it replaced): every request would be
   * told to come back forever. The headless server and the desktop's server process exit, so the host sees
   * it and a restart finishes or reports the restore; tests look at the error.
   */
  onClubLost?: (error: unknown) => void;
  /** How long a restore waits for requests under way (RESTORE_DRAIN_MS); shorter in tests. */
  restoreDrainMs?: number;
  /** What a connection may hold before its request is whole (connection-guard.ts); shorter in tests. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Caps on the hub's handshakes that have not joined (pending-handshakes.ts); shorter in tests. */
  handshakeLimits?: Partial<HandshakeLimits>;
}

/**
 * Builds the whole club server from a config: data folder (claimed for this process alone), database
 * (migrated), HTTP app, socket hub. The headless entry, the desktop shell and the tests all start the club
 * through this one function. The process (its port, hub and host console) outlives the club in its slot:
 * a restore from the host page swaps the club's files and opens it anew in this same process.
 */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const { release, scratchDir } = prepareDataFolder(config.dataDir);
  // Undone in reverse should the start fail part-way.
  const undo: (() => unknown)[] = [release];
  try {
    // The club, hub and host console refer to each other; each is asked for the others only once all are made.
    const slot: ClubSlot = new ClubSlot({
      config,
      openClub: () => openClub(config, { hub, host }),
      disconnectAll: () => hub.disconnectAll(),
      drainMs: options.restoreDrainMs ?? RESTORE_DRAIN_MS,
      onClubLost: options.onClubLost,
    });
    const hub = createHub({
      sessionUser: (token) => slot.sessionUser(token),
      isDisplayToken: (token) => slot.isDisplayToken(token),
      isOpen: () => slot.isOpen,
      trustProxy: config.trustProxy,
      handshakes: options.handshakeLimits,
    });
    const httpServer = createClubHttpServer(slot, hub, config, options.connectionLimits);
    undo.push(() => hub.close());
    const urls = () => memberUrls(config.host, boundPort(httpServer, config.port));
    const host = createHostProcess({ startedAt: new Date(), urls, hub, scratchDir, slot });

    await slot.open();
    undo.push(async () => {
      await slot.stopWork();
      await slot.close();
    });
    const port = await listen(httpServer, config);
    slot.start();

    const close = once(async () => {
      await slot.stopWork();
      // Closes the HTTP server too, hanging up on whoever does not let go.
      await hub.close();
      await slot.close();
      release();
    });
    return {
      port,
      urls: urls(),
      get setupCode() {
        return slot.setupCode;
      },
      close,
    };
  } catch (error) {
    for (const step of undo.reverse()) await step();
    throw error;
  }
}

/** `run` the first time, and the same promise every time after. */
function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= run());
}
