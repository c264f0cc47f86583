import Koa from 'koa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from './request-log';

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
});
