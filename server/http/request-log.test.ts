import Koa from 'koa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { errorMiddleware } from './error-middleware';
import { NotFound } from './errors';
import { API_ROUTES } from '../../shared/api';
import { loggedPath, requestLog } from './request-log';

/** Runs `requests` through a log whose lines go to `writes`, the way the app chains it (first, before errors). */
async function serve(requests: { method: string; path: string; status: number; throws?: boolean }[]) {
  const writes: string[] = [];
  const log = requestLog((text) => writes.push(text));
  for (const request of requests) {
    const ctx = { method: request.method, path: request.path, status: 404 } as Koa.Context;
    await log.middleware(ctx, async () => {
      ctx.status = request.status;
    });
  }
  return { writes, log };
}

describe('the request log', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the lines of many requests together, once, within a tenth of a second', async () => {
    vi.useFakeTimers();
    const { writes } = await serve([
      { method: 'GET', path: '/api/home', status: 200 },
      { method: 'POST', path: '/api/polls/1/vote', status: 401 },
      { method: 'GET', path: '/assets/index.js', status: 200 },
    ]);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^GET \/api\/home 200 \d+\.\d ms\nPOST \/api\/polls\/1\/vote 401 \d+\.\d ms\n$/);
  });

  it('writes what waits when the app closes, and nothing twice', async () => {
    const { writes, log } = await serve([{ method: 'GET', path: '/api/rounds', status: 304 }]);
    log.close();
    log.close();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^GET \/api\/rounds 304 /);
  });

  it('does not hold a flood in memory: past 64 K characters the lines go out at once', async () => {
    const { writes, log } = await serve(Array.from({ length: 4_000 }, () => ({ method: 'GET', path: '/api/home', status: 200 })));
    expect(writes.length).toBeGreaterThanOrEqual(1);
    log.close();
    expect(writes.join('').split('\n').filter(Boolean)).toHaveLength(4_000);
  });

  it('logs failures with the status they are answered with: refused by the app, and escaping it', async () => {
    const writes: string[] = [];
    const log = requestLog((text) => writes.push(text));
    const app = new Koa();
    app.silent = true;
    app.use(log.middleware);
    app.use(async (ctx, next) => {
      if (ctx.path === '/api/escapes') throw new Error('a bug');
      await next();
    });
    app.use(errorMiddleware({ defaultLanguage: 'en', log: () => {} }));
    app.use((ctx) => {
      if (ctx.path === '/api/polls/7') throw new NotFound('pollNotFound');
      throw new Error('broken');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/api/polls/7`)).status).toBe(404);
      expect((await fetch(`${url}/api/rounds`)).status).toBe(500);
      expect((await fetch(`${url}/api/escapes`)).status).toBe(500);
    } finally {
      server.close();
      log.close();
    }
    expect(writes.join('')).toMatch(/^GET \/api\/polls\/7 404 [\d.]+ ms\nGET \/api\/rounds 500 [\d.]+ ms\nGET \/api\/escapes 500 [\d.]+ ms\n$/);
  });
});

describe('secrets in paths', () => {
  it("writes a calendar feed's token as the parameter's name, so the log holds no working feed address", () => {
    const logged = loggedPath(API_ROUTES);
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
    expect(logged(`/api/calendar/${token}.ics`)).toBe('/api/calendar/{feedFile}');
    expect(logged(`/api/calendar/${token}.ics/`)).toBe('/api/calendar/{feedFile}');
    // Everything else as it came, ids included.
    expect(logged('/api/discussions/12')).toBe('/api/discussions/12');
    expect(logged('/api/calendar')).toBe('/api/calendar');
    expect(logged('/api/meetings/3/ics')).toBe('/api/meetings/3/ics');
  });

  it('the log of a running app never prints the token', async () => {
    const writes: string[] = [];
    const log = requestLog((text) => writes.push(text), API_ROUTES);
    const ctx = { method: 'GET', path: '/api/calendar/secret-token-of-ann.ics', status: 404 } as Koa.Context;
    await log.middleware(ctx, async () => {});
    log.close();
    expect(writes.join('')).toMatch(/^GET \/api\/calendar\/\{feedFile\} 404 /);
    expect(writes.join('')).not.toContain('secret-token-of-ann');
  });
});
