/** A chore that forgets what is no longer needed; answers how many rows (or files) it removed. */
export type Chore = () => number;

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the chores once at start and then every hour (expired reset links, old sent mail, unused covers), so
 * what every reset, mail and lookup adds stays small. A chore that fails is logged and tried again next time.
 */
export function startHousekeeping(chores: Chore[], log: (error: unknown) => void, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => void {
  const run = () => {
    for (const chore of chores) {
      try {
        chore();
      } catch (error) {
        log(error);
      }
    }
  };
  run();
  // unref: housekeeping never keeps the process alive.
  const timer = setInterval(run, intervalMs).unref();
  return () => clearInterval(timer);
}
