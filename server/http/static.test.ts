import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useClubServing } from '../test-support/club-serving';

const given = useClubServing({
  'index.html': '<!doctype html><div id="root"></div>',
  'assets/app-1234.js': 'console.log("app")',
  // What the build leaves beside each hashed asset.
  'assets/app-1234.js.br': zlib.brotliCompressSync('console.log("app")'),
  'assets/app-1234.js.gz': zlib.gzipSync('console.log("app")'),
  'favicon.svg': '<svg/>',
});

async function get(urlPath: string) {
  const response = await fetch(given.club.url + urlPath);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cache: response.headers.get('cache-control') ?? '',
    text: await response.text(),
  };
}

describe('serving the renderer from the same port', () => {
  it('answers the app at / and at every deep link', async () => {
    for (const route of ['/', '/navrhy/3', '/my/someone%40club.test/edit', '/passwordreset/abc/def']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.type).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
      expect(res.cache).toBe('no-cache');
    }
  });

  it('serves built files, hashed assets cached for good', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("app")');
    expect(asset.cache).toContain('immutable');
    expect((await get('/favicon.svg')).type).toContain('svg');
  });

  it('answers the precompressed file the browser can take, with the type and caching of the original', async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding?: string; type?: string; cache?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(`${given.club.url}/assets/app-1234.js`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                encoding: response.headers['content-encoding'],
                type: response.headers['content-type'],
                cache: response.headers['cache-control'],
                vary: response.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe('console.log("app")');
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe('console.log("app")');
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log("app")');
    for (const answer of [br, gzip, plain]) {
      expect(answer.type).toContain('javascript');
      expect(answer.cache).toContain('immutable');
      expect(answer.vary).toMatch(/Accept-Encoding/i);
    }
  });

  it('answers a hashed asset that is gone (an old chunk after an upgrade) with 404, not the app', async () => {
    const gone = await get('/assets/books-OLDHASH.js');
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain('<div id="root">');
  });

  it('serves what a rebuild writes while the club runs: new hashed files, and index.html as it is now', async () => {
    fs.writeFileSync(path.join(given.rendererDir, 'assets/app-5678.js'), 'console.log("rebuilt")');
    fs.writeFileSync(path.join(given.rendererDir, 'index.html'), '<!doctype html><div id="root" data-build="2"></div>');
    expect((await get('/assets/app-5678.js')).text).toBe('console.log("rebuilt")');
    const page = await get('/navrhy/3');
    expect(page.text).toBe('<!doctype html><div id="root" data-build="2"></div>');
    // The old build's files are still known under their names (a page open from before may ask for them).
    expect((await get('/assets/app-1234.js')).text).toBe('console.log("app")');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await fetch(given.club.url + '/assets/app-1234.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('console.log("app")'.length));
    expect(await response.text()).toBe('');
  });

  it('never serves files outside the renderer folder', async () => {
    const res = await fetch(given.club.url + '/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toContain('root:');
  });

  it('leaves /api to the API: an unknown call is a problem, not the app', async () => {
    const res = await get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.type).toContain('application/problem+json');
  });
});
