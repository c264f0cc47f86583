import type { Middleware } from 'koa';
import type { RouteContract } from '../../shared/api/contract';

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
export function requestLog(sink: LogSink = (text) => process.stdout.write(text), routes: readonly RouteContract[] = []): RequestLog {
  const logged = loggedPath(routes);
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
          pending += `${ctx.method} ${logged(ctx.path)} ${status} ${(performance.now() - started).toFixed(1)} ms\n`;
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

/**
 * The path as the log writes it: a secret parameter (a calendar feed's token) as its name, so whoever reads
 * the log (a host's terminal, a service manager's journal) gets no working address: `GET
 * /api/calendar/{feedFile} 200`. Any other path as it came.
 */
export function loggedPath(routes: readonly RouteContract[]): (path: string) => string {
  // Each route with a secret, as its segments: a literal, a parameter to keep, or one to hide.
  const hiding = routes
    .filter((route) => Object.values(route.params ?? {}).some((param) => param.secret))
    .map((route) =>
      route.path.split('/').map((segment) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!name) return { literal: segment };
        return { hide: route.params?.[name]?.secret ? `{${name}}` : null };
      }),
    );
  if (!hiding.length) return (path) => path;
  return (path) => {
    const segments = path.replace(/\/$/, '').split('/');
    for (const template of hiding) {
      if (template.length !== segments.length) continue;
      if (!template.every((part, index) => !('literal' in part) || part.literal === segments[index])) continue;
      return template.map((part, index) => ('hide' in part && part.hide) || segments[index]).join('/');
    }
    return path;
  };
}
