import type { StagedRestore } from './restore/staged-club';

/**
 * What the server process gives the host's console (features/host): it outlives the club's database,
 * which a restore closes and opens anew.
 */
export interface HostProcess {
  /** When this server started (the host page's uptime). */
  readonly startedAt: Date;
  /** The addresses the server is reachable at now (localhost first); read afresh, a laptop changes networks. */
  urls(): string[];
  /** Accounts with a live connection now. */
  membersOnline(): number;
  /** The data folder's scratch space: uploads and backups being written; emptied at start. */
  readonly scratchDir: string;
  /**
   * Runs a backup or a restore when none is under way; null when one is (the caller answers 409). A
   * restore stays under way until the club it scheduled with `replaceClub` is open.
   */
  exclusive<T>(kind: 'backup' | 'restore', work: () => Promise<T>): Promise<{ value: T } | null>;
  /**
   * Inside exclusive('restore'): writes down the swap at once (a crash from here on still restores), and once
   * the answer under way has been sent, closes the club, swaps the staged backup in and opens the restored
   * club. Answers the folder the replaced club is kept in.
   */
  replaceClub(staged: StagedRestore, at: Date): { keptAs: string };
}
