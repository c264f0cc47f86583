import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

let club: TestServer;
beforeEach(async () => {
  club = await startTestServer();
});
afterEach(async () => {
  await club.close();
});

describe('pictures from the data folder', () => {
  it('serves a book cover brought over from Obskurnee, cached for good, and nothing outside its folder', async () => {
    const covers = path.join(club.dataDir, 'images', 'covers');
    fs.mkdirSync(covers, { recursive: true });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
    fs.writeFileSync(path.join(covers, 'dune-1965.jpg'), jpeg);
    fs.writeFileSync(path.join(club.dataDir, 'images', 'secret.jpg'), 'not for you');

    const cover = await fetch(`${club.url}/images/covers/dune-1965.jpg`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(cover.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(jpeg);

    expect((await fetch(`${club.url}/images/covers/missing.jpg`)).status).toBe(404);
    for (const sneaky of [
      '/images/covers/..%2Fsecret.jpg',
      '/images/covers/%2E%2E/secret.jpg',
      '/images/covers/.hidden.jpg',
      '/images/covers/dune-1965.jpg.exe',
    ]) {
      const answer = await fetch(club.url + sneaky);
      expect(answer.status, sneaky).toBe(404);
      expect(await answer.text()).not.toContain('not for you');
    }
  });
});
