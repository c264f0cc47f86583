import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProblemDetails } from '../../../shared/api/problem';
import { BackupRefused } from '../../club/restore/backup-refused';
import { stageRestoreInWorker } from '../../club/restore/stage-in-worker';
import { backAfterRestore, club, closeClubs, download, filesOf, scratchEmptied, upload } from '../../test-support/host-console';
import { setUpClub, type TestServer } from '../../test-support/test-server';
import { tarFile, tarHeader } from '../../test-support/tar-blocks';

// Restores the club must survive: hostile uploads checked in a worker while members are answered, one
// restore at a time, and requests still under way when the restore stops waiting for them.

afterEach(async () => {
  vi.restoreAllMocks();
  await closeClubs();
});

// Run from the sources, the restore worker is bundled once per test process (stage-in-worker.ts); the
// server's own build has it ready. Bundled before the timed restores, so they time the checks alone.
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-worker-'));
  try {
    const junk = path.join(dataDir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    await expect(stageRestoreInWorker(junk, { dataDir })).rejects.toBeInstanceOf(BackupRefused);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

async function longestWaitWhile<T>(club: TestServer, during: Promise<T>): Promise<{ result: T; longestMs: number }> {
  let done = false;
  const settled = during.finally(() => (done = true));
  let longestMs = 0;
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${club.url}/api/home`);
    await res.arrayBuffer();
    longestMs = Math.max(longestMs, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { result: await settled, longestMs };
}

/** The largest any restore's staging folder in the data folder grew to, sampled until `stop()`. */
function watchStaging(dataDir: string): { stop(): number } {
  let largest = 0;
  const sample = () => {
    for (const name of fs.readdirSync(dataDir)) {
      if (!name.startsWith('.restore-staging-')) continue;
      try {
        largest = Math.max(
          largest,
          Object.values(filesOf(path.join(dataDir, name))).reduce((sum, bytes) => sum + bytes, 0),
        );
      } catch {
        // Removed while being read.
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return largest;
    },
  };
}

/** The entries of a downloaded backup, in order. */
function entriesOf(archive: Buffer): { path: string; data: Buffer }[] {
  const raw = zlib.gunzipSync(archive);
  const entries: { path: string; data: Buffer }[] = [];
  for (let at = 0; at + 512 <= raw.length;) {
    const header = raw.subarray(at, at + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
    entries.push({ path: name, data: Buffer.from(raw.subarray(at + 512, at + 512 + size)) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * A raw restore request: its headers at once, then only `body` (if any) of the `contentLength` it announces.
 * Answers what the server says, whether or not the rest of the body ever comes.
 */
function rawRestore(club: TestServer, token: string, clubName: string, contentLength: number, body = Buffer.alloc(0)) {
  const socket = net.connect(Number(new URL(club.url).port), '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  // The answers these tests read are problem details.
  const answer = new Promise<{ status: number; headers: string; body: Partial<ProblemDetails> } | null>((resolve) => {
    const settle = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = text.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? -1);
      const rest = text.slice(end + 4);
      if (length >= 0 && Buffer.byteLength(rest) < length) return false;
      let parsed: unknown = rest;
      try {
        parsed = JSON.parse(rest);
      } catch {
        // not JSON
      }
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: parsed as Partial<ProblemDetails> });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      settle();
    });
    socket.on('close', () => settle() || resolve(null));
  });
  socket.write(
    `POST /api/host/restore?clubName=${encodeURIComponent(clubName)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${contentLength}\r\n\r\n`,
  );
  if (body.length) socket.write(body);
  return { socket, answer };
}

/** `promise`, or null once `ms` have passed without it. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

describe('a hostile backup from an admin does not freeze the club', () => {
  it('thousands of tiny entries, or a small file announcing a huge database, are refused while members are answered promptly, and nothing is written', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    await scratchEmptied(host.dataDir);
    const entries = entriesOf(backup.bytes);
    expect(entries[0]!.path).toBe('manifest.json');
    const before = filesOf(host.dataDir);

    // (a) 30,000 one-byte images after the real entries (a few hundred KB zipped).
    const tiny = Buffer.concat([
      ...entries.map((entry) => tarFile(entry.path, entry.data)),
      ...Array.from({ length: 30_000 }, (_, i) => tarFile(`images/avatars/tiny-${i}.webp`, Buffer.from('x'))),
      Buffer.alloc(1024),
    ]);
    const manyEntries = zlib.gzipSync(tiny, { level: 1 });
    expect(manyEntries.length).toBeLessThan(2 * 1024 * 1024);

    // (b) A manifest announcing a 2 GB database, then 512 MB of its zeros (about half a megabyte zipped).
    const manifest = JSON.parse(entries[0]!.data.toString('utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
    const huge = 2 * 1024 ** 3;
    manifest.files = manifest.files.map((file) => (file.path === 'bookclub.db' ? { ...file, bytes: huge } : file));
    const zerosMb = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat([
      zlib.gzipSync(Buffer.concat([tarFile('manifest.json', Buffer.from(JSON.stringify(manifest))), tarHeader('bookclub.db', huge)])),
      ...Array.from({ length: 512 }, () => zerosMb),
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);

    for (const [what, file, refusal] of [
      ['many entries', manyEntries, /tiny-0\.webp does not match what its manifest says/],
      ['a huge database', bomb, /far more than a Bookclub backup of its size holds/],
    ] as const) {
      const staging = watchStaging(host.dataDir);
      const started = performance.now();
      const { result, longestMs } = await longestWaitWhile(host, upload(host, admin, file, 'Test Club'));
      const tookMs = performance.now() - started;
      const largest = staging.stop();
      expect([what, result.status, result.body.detail]).toEqual([what, 400, expect.stringMatching(refusal)]);
      expect(longestMs, `${what}: a member waited ${Math.round(longestMs)} ms`).toBeLessThan(1000);
      expect(largest, `${what}: ${largest} bytes were unpacked`).toBeLessThan(5 * 1024 * 1024);
      // Refused at the first entry its manifest does not list, or at the manifest itself: not after unpacking them all.
      expect(tookMs, `${what}: refused after ${Math.round(tookMs)} ms`).toBeLessThan(5000);
    }
    await scratchEmptied(host.dataDir);
    expect(filesOf(host.dataDir)).toEqual(before);
  });

  it('a restore while another runs is answered 409, and a wrong club name 400, before a byte of the upload is read', async () => {
    const host = await club();
    const admin = await setUpClub(host);
    // A restore whose upload is under way (100 MB announced, a few bytes sent) holds the lock.
    const first = rawRestore(host, admin, 'Test Club', 100 * 1024 * 1024, Buffer.from('--b\r\n'));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const second = rawRestore(host, admin, 'Test Club', 100 * 1024 * 1024);
    const busy = await within(second.answer, 3000);
    expect(busy?.status).toBe(409);
    expect(busy?.body.detail).toBe('A backup or a restore is already under way. Try again when it has finished.');
    const download409 = await download(host, admin);
    expect(download409.status).toBe(409);

    const wrongName = rawRestore(host, admin, 'Another Club', 100 * 1024 * 1024);
    const refused = await within(wrongName.answer, 3000);
    expect(refused?.status).toBe(400);
    expect(refused?.body.detail).toBe("Type the club's name, Test Club, exactly to confirm the restore. Nothing was changed.");
    for (const request of [first, second, wrongName]) request.socket.destroy();

    // Once the first upload is abandoned, the lock is free again.
    for (let tries = 0; tries < 100; tries++) {
      if ((await download(host, admin)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await download(host, admin)).status).toBe(200);
  });
});

describe('a request still under way when a restore stops waiting', () => {
  it('is answered 503 with Retry-After in its language, and logged in one line without a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = await club({}, { restoreDrainMs: 300 });
    const admin = await setUpClub(host);
    const backup = await download(host, admin);
    // An avatar upload whose body never finishes, in Slovak. Over 16 KiB, so the club takes it up before its body has
    // all come (a shorter body is read whole before its request is handed on: requests-in-turn.ts).
    const stalled = net.connect(Number(new URL(host.url).port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.on('error', () => {});
    let answer = '';
    stalled.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const body = '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    stalled.write(
      `POST /api/users/avatar HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nAccept-Language: sk\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 99999\r\n\r\n${body}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const restored = await upload(host, admin, backup.bytes, 'Test Club');
    expect(restored.status, restored.body.detail).toBe(200);
    for (let tries = 0; tries < 150 && !answer.includes('\r\n\r\n{'); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/retry-after: 2/i);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 503, detail: 'Klub sa obnovuje zo zálohy a o chvíľu bude späť.' });
    await backAfterRestore(host);

    // The rest of its body comes once the club it ran on is closed: its code fails, unanswered and unlogged.
    stalled.write(`${'x'.repeat(99999 - Buffer.byteLength(body) - 8)}\r\n--b--\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stalled.destroy();
    const lines = errors.mock.calls.filter((call) => call.some((arg) => arg instanceof Error || String(arg).includes('/api/users/avatar')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    expect(String(lines[0]![0])).toMatch(/^Restore: POST \/api\/users\/avatar was still under way after 300 ms; it was answered 503/);
    expect(String(lines[0]![0])).not.toContain('\n');
    expect(errors.mock.calls.flat().some((arg) => arg instanceof Error)).toBe(false);
  });
});
