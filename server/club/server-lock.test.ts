import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/data-source';
import { claimDataDir, runningServerPid } from './server-lock';

let dataDir: string;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-'));
  const db = await openDatabase(dataDir);
  await db.destroy();
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the data-folder lock', () => {
  it('names a live server and forgets a dead one', () => {
    expect(runningServerPid(dataDir)).toBeNull();
    fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    expect(runningServerPid(dataDir)).toBe(process.ppid);
    fs.writeFileSync(path.join(dataDir, 'server.pid'), '999999');
    expect(runningServerPid(dataDir)).toBeNull();
    const release = claimDataDir(dataDir);
    release();
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
