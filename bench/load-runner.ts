// One run of load at a server: autocannon's programmatic API, 64 keep-alive connections for a few seconds.
// Latencies are collected per answer (autocannon's own histogram counts whole milliseconds), and the
// server process's CPU time is read from /proc before and after.
import autocannon from 'autocannon';
import { cpuMs, othersCpuMeter } from './proc-stats';
import { percentile } from './stats';

export const CONNECTIONS = 64;

export interface RunResult {
  /** Answers per second over the run (2xx or not). */
  answersPerSecond: number;
  answers: number;
  /** Of 2xx answers, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  /** CPU time (user + system) the server process used, per answer, in milliseconds. */
  cpuMsPerAnswer: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Statuses other than 200, with their counts. */
  otherStatuses: Record<string, number>;
  /** Share of all CPUs (0 to 1) that processes other than the benchmark and this server used meanwhile. */
  othersCpuShare: number;
}

/** Loads `url` for `seconds` with 64 connections; `pid` is the serving process, whose CPU time is read. */
export function runLoad(url: string, headers: Record<string, string>, seconds: number, pid: number): Promise<RunResult> {
  const latencies: number[] = [];
  let answers = 0;
  const cpuBefore = cpuMs(pid);
  const others = othersCpuMeter([pid]);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      const cpu = cpuMs(pid) - cpuBefore;
      const othersCpuShare = others();
      const elapsedS = (performance.now() - started) / 1000;
      const otherStatuses: Record<string, number> = {};
      for (const [status, { count }] of Object.entries(result.statusCodeStats)) if (status !== '200') otherStatuses[status] = count;
      resolve({
        answersPerSecond: answers / (result.duration > 0 ? result.duration : elapsedS),
        answers,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        cpuMsPerAnswer: answers > 0 ? cpu / answers : Number.NaN,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        otherStatuses,
        othersCpuShare,
      });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
      answers++;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTimeMs);
    });
  });
}
