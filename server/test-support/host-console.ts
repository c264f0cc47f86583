// What the host console's tests (server/features/host/*.test.ts) share: clubs started and closed, a backup
// downloaded, a restore uploaded, the club awaited back after it.
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { Restored } from '../../shared/api/host';
import { startTestServer, type TestServer } from './test-server';

const clubs: TestServer[] = [];
/** Hub connections a test opened; closed after it, as its clubs are. */
export const sockets: Socket[] = [];

/** Closes what the test opened: its hub connections, then its clubs. */
export async function closeClubs(): Promise<void> {
  for (const socket of sockets.splice(0)) socket.close();
  for (const club of clubs.splice(0)) await club.close();
}

/** A club started elsewhere (a reading club), closed after the test as the others are. */
export function tracked(started: TestServer): TestServer {
  clubs.push(started);
  return started;
}

export async function club(
  overrides: Parameters<typeof startTestServer>[0] = {},
  startOptions: Parameters<typeof startTestServer>[1] = {},
): Promise<TestServer> {
  const started = await startTestServer(overrides, startOptions);
  clubs.push(started);
  return started;
}

export async function download(club: TestServer, token: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${club.url}/api/host/backup`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function upload(club: TestServer, token: string | null, bytes: Buffer, clubName: string, field = 'backup') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/gzip' }), 'club.tar.gz');
  const res = await fetch(`${club.url}/api/host/restore?clubName=${encodeURIComponent(clubName)}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Restored & { detail: string } };
}

/** The club answers again after a restore swapped its files (503 meanwhile). */
export async function backAfterRestore(club: TestServer): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const home = await club.call('GET', '/api/home');
    if (home.status === 200) return;
    expect(home.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the club did not come back after the restore');
}

/** A sent download is deleted once its stream closes, a moment after the client has the last byte. */
export async function scratchEmptied(dataDir: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (fs.readdirSync(path.join(dataDir, 'tmp')).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the scratch folder still holds ${fs.readdirSync(path.join(dataDir, 'tmp')).join(', ')}`);
}

export function filesOf(dir: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) sizes[path.relative(dir, path.join(entry.parentPath, entry.name))] = fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return sizes;
}
