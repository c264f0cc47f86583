/** Rests shorter than this are gathered up until they are worth a timer. */
const MIN_REST_MS = 5;
/**
 * The process's CPU clock is read at most this often: reading it is a system call, and mails come every few
 * hundred microseconds (a tenth of the cost of a mail went to reading it after each one).
 */
const READ_CPU_EVERY_MS = 2;

export interface CpuPacerOptions {
  /** The most of one core the work may take (0 to 1). */
  share: number;
  /** The process's CPU time in microseconds, and a pause; for tests. A clock given is read after every piece. */
  cpuMicros?: () => number;
  rest?: (ms: number) => Promise<void>;
}

function processCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Keeps background work (mail written and sent in the thousands) to a share of one core: after each piece,
 * `pace` rests long enough that the CPU the process used meanwhile stays `share` of the time. It counts the
 * whole process, requests served meanwhile too, so the work also backs off while members keep the server
 * busy. Work in several lanes shares one pacer: a lane that arrives during a rest waits it out with the rest.
 */
export class CpuPacer {
  private readonly share: number;
  private readonly cpuMicros: () => number;
  private readonly rest: (ms: number) => Promise<void>;
  private readonly readEveryMs: number;
  private since: number;
  private readAt = 0;
  private owedMs = 0;
  private resting: Promise<void> | null = null;

  constructor(options: CpuPacerOptions) {
    if (!(options.share > 0 && options.share <= 1)) throw new Error('cpuShare must be above 0 and at most 1');
    this.share = options.share;
    this.cpuMicros = options.cpuMicros ?? processCpuMicros;
    this.readEveryMs = options.cpuMicros ? 0 : READ_CPU_EVERY_MS;
    this.rest = options.rest ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.since = this.cpuMicros();
  }

  /** Work begins (again): the CPU used while there was none is not the work's. */
  begin(): void {
    if (!this.resting) this.since = this.cpuMicros();
  }

  /** After a piece of work: owes its CPU time, and rests once that is worth a timer (not while `keepGoing` says stop). */
  pace(keepGoing: () => boolean = () => true): Promise<void> {
    if (this.resting) return this.resting;
    // Between readings the work goes on: what it used is owed at the next one.
    if (this.readEveryMs > 0 && performance.now() - this.readAt < this.readEveryMs) return Promise.resolve();
    this.readAt = performance.now();
    const now = this.cpuMicros();
    this.owedMs += ((now - this.since) / 1000) * (1 / this.share - 1);
    this.since = now;
    if (this.owedMs < MIN_REST_MS || !keepGoing()) return Promise.resolve();
    const ms = this.owedMs;
    this.owedMs = 0;
    this.resting = this.rest(ms).finally(() => {
      this.resting = null;
      // The rest itself is not work; whatever the process did meanwhile was not this work's either.
      this.since = this.cpuMicros();
    });
    return this.resting;
  }
}
