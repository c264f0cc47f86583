import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers, compressedForm, compressionCounts, COMPRESSIONS_AT_ONCE } from './answer-encoding';

// Compression under a crowd: a few engines at a time, and one body answered to many compressed once.

const poll = Buffer.from(JSON.stringify({ voters: Array.from({ length: 2_000 }, (_, i) => ({ userId: `member-${i}`, name: `Member ${i}` })) }));
let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(compressAnswers());
  app.use((ctx) => {
    // Every caller gets the very same Buffer, as every voter of a storm gets the poll in one state.
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = ctx.path === '/shared' ? poll : Buffer.from(poll);
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function getBrotli(path: string): Promise<{ encoding: string | undefined; json: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url + path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          resolve({ encoding, json: (encoding === 'br' ? zlib.brotliDecompressSync(raw) : raw).toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

describe('compressing answers', () => {
  it(`runs ${COMPRESSIONS_AT_ONCE} at a time however many are asked for at once`, async () => {
    const all = Array.from({ length: 3 * COMPRESSIONS_AT_ONCE }, () => compressedForm(Buffer.from(poll), 'br'));
    expect(compressionCounts().running).toBe(COMPRESSIONS_AT_ONCE);
    const forms = await Promise.all(all);
    expect(compressionCounts().running).toBe(0);
    expect(zlib.brotliDecompressSync(forms.at(-1)!).equals(poll)).toBe(true);
  });

  it('compresses a body answered to many as the same Buffer once, and a fresh one each time', async () => {
    const before = compressionCounts().started;
    const shared = await Promise.all(Array.from({ length: 10 }, () => getBrotli('/shared')));
    expect(compressionCounts().started - before).toBe(1);
    const fresh = await Promise.all(Array.from({ length: 3 }, () => getBrotli('/fresh')));
    expect(compressionCounts().started - before).toBe(4);
    for (const answer of [...shared, ...fresh]) expect(answer).toEqual({ encoding: 'br', json: poll.toString('utf8') });
  });
});
