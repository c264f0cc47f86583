import type { Middleware } from 'koa';

/** Where the lines go: the process's standard output unless a test says otherwise. */
export type LogSink = (text: string) => void;

export interface RequestLog {
  middleware: Middleware;
  /** Writes the lines still waiting; the log is done (the app is closing). */
  close(): void;
}

/** Lines wait at most this long, or until this many characters wait, before they are written. */
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_CHARS = 64 * 1024;

/** Every open log, written out when the process exits (one listener, however many apps a process makes). */
const openLogs = new Set<() => void>();
let writesOnExit = false;

/**
 * One line per API request (`GET /api/home 200 1.2 ms`), for the host watching the console. Writing each
 * line as it came was a blocking write to the terminal or pipe per request, a fifth of the server's CPU
 * under load; the lines are gathered and written together a tenth of a second later at most, and at once
 * when the app closes or the process exits. It goes first in the chain, so it sees the status an error
 * became.
 */
export function requestLog(sink: LogSink = (text) => process.stdout.write(text)): RequestLog {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const text = pending;
    pending = '';
    sink(text);
  };
  openLogs.add(flush);
  if (!writesOnExit) {
    writesOnExit = true;
    process.once('exit', () => openLogs.forEach((write) => write()));
  }
  return {
    async middleware(ctx, next) {
      const started = performance.now();
      let escaped: { status?: unknown } | null = null;
      try {
        await next();
      } catch (error) {
        // Nothing after the log should let an error through (the error middleware answers them all), but
        // a failure is exactly what the log is for: it says the status Koa will answer.
        escaped = (error ?? {}) as { status?: unknown };
        throw error;
      } finally {
        if (ctx.path.startsWith('/api/')) {
          const status = escaped ? (typeof escaped.status === 'number' && escaped.status >= 400 && escaped.status < 600 ? escaped.status : 500) : ctx.status;
          pending += `${ctx.method} ${ctx.path} ${status} ${(performance.now() - started).toFixed(1)} ms\n`;
          if (pending.length >= FLUSH_AT_CHARS) flush();
          else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
        }
      }
    },
    close() {
      flush();
      openLogs.delete(flush);
    },
  };
}
