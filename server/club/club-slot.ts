import type http from 'node:http';
import type { User } from '../features/accounts';
import type { ServerConfig } from '../settings';
import { answerRestoring } from './answer-restoring';
import type { OpenClub } from './open-club';
import { applyRestore, carryOutRestore, planRestore } from './restore/apply-restore';
import { stagedFromKept, type StagedRestore } from './restore/staged-club';

export interface ClubSlotOptions {
  config: ServerConfig;
  /** Opens the club in the data folder (openClub, on the process's hub and host console). */
  openClub: () => Promise<OpenClub>;
  /** Ends every live connection: members reconnect to the restored club. */
  disconnectAll: () => void;
  /** How long a swap waits for requests under way before it closes the database under them. */
  drainMs: number;
  /** The club could not be opened again after a restore (nor the club it replaced). */
  onClubLost?: (error: unknown) => void;
}

/**
 * The place the club sits in the server process, which outlives it: the process's HTTP listener hands each
 * request to the open club, and a restore empties the slot, lets the requests under way finish (drain),
 * closes the club, swaps its files and opens the restored club in it, on the same port. While the slot is
 * empty, every request is told to come back in a moment.
 */
export class ClubSlot {
  private current: OpenClub | null = null;
  /** Requests the current club is answering; a swap waits for them before closing its database. */
  private readonly answering = new Map<http.ServerResponse, http.IncomingMessage>();
  private drained: (() => void) | null = null;
  /** A swap under way; closing waits for it, so no database is opened after the close. */
  private swapping: Promise<void> | null = null;

  constructor(private readonly options: ClubSlotOptions) {}

  get isOpen(): boolean {
    return this.current !== null;
  }

  /** The one-time setup code of the open club (null once it had a user when it opened). */
  get setupCode(): string | null {
    return this.current?.setupCode ?? null;
  }

  sessionUser(token: string | undefined): Promise<User | null> {
    return this.current ? this.current.club.accounts.sessionUser(token) : Promise.resolve(null);
  }

  /** Whether `token` is the open club's display link (a screen's handshake). */
  isDisplayToken(token: unknown): boolean {
    return this.current ? this.current.club.room.isDisplayToken(token) : false;
  }

  /** The process's HTTP listener: the open club answers, or the request is told to come back. */
  handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const open = this.current;
    if (!open) return answerRestoring(request, response, this.options.config.defaultLanguage);
    this.answering.set(response, request);
    response.once('close', () => {
      this.answering.delete(response);
      if (this.answering.size === 0) this.drained?.();
    });
    open.handle(request, response);
  }

  /** Opens the club in the data folder; its work starts with start(), once the server listens. */
  async open(): Promise<void> {
    this.current = await this.options.openClub();
  }

  start(): void {
    this.current?.start();
  }

  /**
   * Inside the host's restore: writes down the swap at once (a crash from here on still restores), and once
   * the answer under way has been sent, swaps the staged club in. `swapped` settles when the restored club
   * is open, or the club is lost (onClubLost); it never rejects.
   */
  scheduleRestore(staged: StagedRestore, at: Date): { keptAs: string; swapped: Promise<void> } {
    const { config, onClubLost } = this.options;
    const { keptAs } = planRestore(staged, { dataDir: config.dataDir, now: () => at });
    // After the answer saying so has gone out: the old club's middleware still runs on its way back.
    const swapped = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.swap(keptAs))
      .catch((error: unknown) => {
        console.error('The restore failed, and the club is not open; look at its data folder:', error);
        onClubLost?.(error);
      })
      .finally(() => {
        this.swapping = null;
      });
    this.swapping = swapped;
    return { keptAs, swapped };
  }

  /** Stops the club's background work (after a swap under way), before the hub closes. */
  async stopWork(): Promise<void> {
    await this.swapping;
    await this.current?.stopWork();
  }

  /** Closes the club's app and database; the slot stays empty. */
  async close(): Promise<void> {
    await this.current?.closeDatabase();
    this.current = null;
  }

  /**
   * Swaps the planned restore in: new requests are told to come back, live connections close, requests
   * under way finish, the club closes, its files are replaced (the old ones kept beside), and the restored
   * club opens. Should it not open, the replaced club is put back the same way.
   */
  private async swap(keptAs: string): Promise<void> {
    const { config } = this.options;
    const old = this.current;
    this.current = null;
    this.options.disconnectAll();
    await this.drain();
    try {
      await old?.stopWork();
      await old?.closeDatabase();
    } catch (error) {
      console.error('Closing the club for the restore failed:', error);
    }
    carryOutRestore(config.dataDir);
    try {
      this.current = await this.options.openClub();
    } catch (error) {
      console.error(`The restored club would not open; putting back the club it replaced (kept in ${keptAs}):`, error);
      applyRestore(stagedFromKept(keptAs), { dataDir: config.dataDir, nativeBinding: config.sqliteNativeBinding });
      this.current = await this.options.openClub();
    }
    this.current.start();
    if (!config.quiet) console.log(`The club was restored from a backup; the club it replaced is kept in ${keptAs}.`);
  }

  /**
   * Waits for the requests under way (not forever: one stuck request must not hold the restore). Those
   * still running then are answered as new ones are, 503 with Retry-After, since the club they ran on is
   * about to close; an answer already begun (a download) is cut off. Each is logged in a line: what the
   * old club's code does with it afterwards fails, unanswered and unlogged (the error middleware's rule).
   */
  private drain(): Promise<void> {
    const { config, drainMs } = this.options;
    if (this.answering.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        for (const [response, request] of [...this.answering]) {
          const what = `${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}`;
          if (response.headersSent) {
            response.destroy();
            console.error(`Restore: ${what} was still being answered after ${drainMs} ms; its answer was cut off.`);
          } else {
            answerRestoring(request, response, config.defaultLanguage);
            console.error(`Restore: ${what} was still under way after ${drainMs} ms; it was answered 503 (come back in a moment).`);
          }
          this.answering.delete(response);
        }
        resolve();
      }, drainMs);
      this.drained = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.drained = null));
  }
}
