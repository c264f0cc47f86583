import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Shelves } from '../../../shared/api/shelves';
import { addMember, type TestMember } from '../../test-support/members';
import { bundleServer, killAll, startServerProcess, type ServerBundle, type ServerProcess } from '../../test-support/server-process';
import { setUpClub } from '../../test-support/test-server';
import { startFakeShelfSites, type FakeShelfSites } from './fake-shelf-sites';

/**
 * A site that answers shelves built to be costly to read: a 2.5 MB page of nested <div>s (it once blocked
 * the club for 510 s, then answered 500) and a feed of 200,000 nested items (home stalled for 46 s). The club
 * runs in a process of its own (test-support/server-process.ts), so its answers and its memory are measured
 * from outside while it reads them. Bounds are loose enough for a busy 2-core machine.
 */
const HOME_P99_MS = 200;
const RSS_GROWTH_BYTES = 50 * 1024 * 1024;
/** Home is asked at least this often while the pages are read, so a p99 means something. */
const HOME_SAMPLES = 200;

const ENTRY = `
import { startServer } from './start-server';
const server = await startServer({
  dataDir: process.env.BOOKCLUB_HOSTILE_DATA_DIR,
  port: 0,
  host: '127.0.0.1',
  siteName: 'Hostile Shelves Club',
  defaultLanguage: 'en',
  matrixRoomLink: null,
  smtpUrl: null,
  rendererDir: null,
  quiet: true,
  backupsKept: 0,
  openLibrary: null,
  shelves: { goodreadsUrl: process.env.BOOKCLUB_HOSTILE_SITES, storygraphUrl: process.env.BOOKCLUB_HOSTILE_SITES, intervalHours: 0, syncsPerMinute: 100 },
});
console.log(JSON.stringify({ listening: server.port }));
`;

let bundle: ServerBundle;
let sites: FakeShelfSites;
let server: ServerProcess;
let anna: TestMember;
let bea: TestMember;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-hostile-shelves-'));

beforeAll(async () => {
  [bundle, sites] = await Promise.all([bundleServer('hostile-shelves', ENTRY), startFakeShelfSites()]);
  server = await startServerProcess(bundle, dataDir, { BOOKCLUB_HOSTILE_DATA_DIR: dataDir, BOOKCLUB_HOSTILE_SITES: sites.url });
  await setUpClub(server.club);
  anna = await addMember(server.club, { name: 'Anna' });
  bea = await addMember(server.club, { name: 'Bea' });
  sites.goodreads('1001', 'currently-reading', [{ bookId: '1', title: 'Dune' }]);
  sites.goodreads('1001', 'read', []);
  sites.storygraph('bea_reads', 'currently-reading', [{ id: 'sg-1', title: 'Piranesi' }]);
  sites.storygraph('bea_reads', 'read', []);
}, 60_000);
afterAll(async () => {
  await killAll();
  await sites?.close();
  bundle?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The club process's resident memory, as the kernel counts it. */
function rssOf(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kilobytes) * 1024;
}

const call = (method: string, apiPath: string, member: TestMember, body?: unknown) => server.club.call<Shelves>(method, apiPath, { token: member.token, body });

it.runIf(process.platform === 'linux')(
  'reads neither the nested page nor the nested feed, says so on the link, and home answers meanwhile within its bounds',
  async () => {
    // Linked as ever first: the reading thread is started, and the baseline counts it.
    for (const [member, profileUrl] of [
      [anna, 'https://www.goodreads.com/user/show/1001'],
      [bea, 'https://app.thestorygraph.com/profile/bea_reads'],
    ] as const) {
      const linked = await call('PUT', `/api/shelves/${member.userId}`, member, { profileUrl });
      expect(linked.body.link!.lastError).toBeNull();
      expect(linked.body.currentlyReading).toHaveLength(1);
    }
    const pid = server.child.pid!;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampling = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);

    sites.misbehave('/review/list_rss/1001?shelf=currently-reading', 'nestedFeed');
    sites.misbehave('/currently-reading/bea_reads', 'nestedPage');
    const home: number[] = [];
    let reading = true;
    const asking = (async () => {
      while (reading || home.length < HOME_SAMPLES) {
        const started = performance.now();
        expect((await server.club.call('GET', '/api/home', { token: anna.token })).status).toBe(200);
        home.push(performance.now() - started);
      }
    })();
    try {
      const [feed, page] = await Promise.all([call('POST', `/api/shelves/${anna.userId}/sync`, anna), call('POST', `/api/shelves/${bea.userId}/sync`, bea)]);
      for (const answer of [feed, page]) {
        expect(answer.status).toBe(200);
        expect(answer.body.link!.lastError).toMatch(/too deeply nested or too large to read/);
        // Nothing changed: the books read before stay.
        expect(answer.body.currentlyReading).toHaveLength(1);
      }
    } finally {
      reading = false;
      await asking;
      clearInterval(sampling);
    }
    const sorted = home.sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    expect(p99, `home p99 over ${sorted.length} answers`).toBeLessThan(HOME_P99_MS);
    expect(peak - baseline, `RSS grew from ${(baseline / 2 ** 20).toFixed(0)} MiB to ${(peak / 2 ** 20).toFixed(0)} MiB`).toBeLessThan(RSS_GROWTH_BYTES);
    expect(server.stderr()).not.toMatch(/not read within|reading thread/);
  },
  60_000,
);
