// What a process has used so far, read from Linux's /proc: CPU time and peak resident memory.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User plus system CPU time the process has used, in milliseconds (resolution: one clock tick, 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / clockTicks()) * 1000;
}

/** A /proc/<pid>/status line in kB, as bytes. */
function statusBytes(pid: number, key: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${key} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** The most resident memory the process has had since it started (VmHWM). */
export function peakRssBytes(pid: number): number {
  return statusBytes(pid, 'VmHWM');
}

/** The process's soft limit of open files, as /proc reports it. */
export function openFilesLimit(pid: number | 'self' = 'self'): number {
  const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  return match?.[1] === 'unlimited' ? Infinity : Number(match?.[1] ?? Number.NaN);
}

function cpuTimes(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - ticks[3]! - (ticks[4] ?? 0), total };
}

/**
 * How busy the machine's CPUs are over `ms` (0 to 1 of all cores): sampled while the benchmark itself
 * is idle, it tells how much other work (tests, builds) competes with the measurement.
 */
export async function machineBusyShare(ms = 1000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  return after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;
}

/** CPU time of user, nice and system over all CPUs, in ms (interrupts and idle left out). */
function machineCpuMs(): number {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 4).map(Number);
  return ((ticks[0]! + ticks[1]! + ticks[2]!) / clockTicks()) * 1000;
}

/**
 * Starts measuring how much of the machine's CPUs processes other than the benchmark's own used: all CPU
 * time, less this process's and that of `pids` (the servers it measures). The answered function stops it
 * and answers the share of all cores (0 to 1) that went to others meanwhile.
 */
export function othersCpuMeter(pids: number[]): () => number {
  const machineBefore = machineCpuMs();
  const ownBefore = process.cpuUsage();
  const pidsBefore = pids.map((pid) => cpuMs(pid));
  const started = performance.now();
  return () => {
    const machine = machineCpuMs() - machineBefore;
    const own = process.cpuUsage(ownBefore);
    const pidsUsed = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - pidsBefore[i]!, 0);
    const elapsed = performance.now() - started;
    return Math.max(0, (machine - (own.user + own.system) / 1000 - pidsUsed) / (elapsed * os.cpus().length));
  };
}

/** The system's counters of connections a listening socket turned away (Linux's /proc/net/netstat, TcpExt). */
export interface ListenCounters {
  /** Connections dropped because the accept queue (the listen backlog) was full. */
  overflows: number;
  /** SYNs dropped for any reason (overflows among them). */
  drops: number;
  /** SYNs answered with a cookie because the queue of half-open connections was full. */
  cookies: number;
}

/** The system-wide listen counters now (all zero where /proc/net/netstat is not there). */
export function listenCounters(): ListenCounters {
  let text: string;
  try {
    text = fs.readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return { overflows: 0, drops: 0, cookies: 0 };
  }
  const [names, values] = text.split('\n').filter((line) => line.startsWith('TcpExt:'));
  const value = (name: string) => {
    const i = names?.split(' ').indexOf(name) ?? -1;
    return i > 0 ? Number(values?.split(' ')[i] ?? 0) : 0;
  };
  return { overflows: value('ListenOverflows'), drops: value('ListenDrops'), cookies: value('TCPReqQFullDoCookies') + value('SyncookiesSent') };
}

/** What `after` counted beyond `before`. */
export function listenCountersSince(before: ListenCounters, after: ListenCounters = listenCounters()): ListenCounters {
  return { overflows: after.overflows - before.overflows, drops: after.drops - before.drops, cookies: after.cookies - before.cookies };
}

/**
 * Resets the process's peak resident memory (VmHWM) to what it holds now, so the next reading of the peak
 * is that of what came after (Linux 4.0 and later; the bench's own children only). False where it could not.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The process's resident memory now (VmRSS). */
export function rssBytes(pid: number): number {
  return statusBytes(pid, 'VmRSS');
}
