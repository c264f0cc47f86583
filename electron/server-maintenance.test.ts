// The backup and restore the server process runs, against a real club database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../server/db/data-source';
import { readBackupStatus } from '../server/club/backup/backup-status';
import { clubMaintenance } from './server-maintenance';
import { testConfig } from './test-support/server-process-fakes';

let dataDir: string;
let scratch: string;
const config = () => testConfig({ dataDir });

async function refusal(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    expect(clubMaintenance.isRefusal(error)).toBe(true);
    return error as Error;
  }
  throw new Error('expected a refusal');
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-desktop-data-'));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-desktop-backups-'));
  await (await openDatabase(dataDir)).destroy();
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the server process's maintenance", () => {
  it('backs the whole club up to one archive, which restores, the replaced club kept and members signed in', async () => {
    fs.mkdirSync(path.join(dataDir, 'images', 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'images', 'avatars', 'ann-1.webp'), 'avatar bytes');
    fs.writeFileSync(path.join(dataDir, 'token-secret.key'), 'ab'.repeat(32));
    const file = path.join(scratch, 'bookclub-backup-2026-11-22.tar.gz');

    const { bytes } = await clubMaintenance.backup(config(), file);

    expect(bytes).toBe(fs.statSync(file).size);
    expect(readBackupStatus(dataDir).last).toMatchObject({ kind: 'desktop' });
    const { keptAs, sessionsKept } = await clubMaintenance.restore(config(), file);
    expect(path.dirname(keptAs)).toBe(dataDir);
    expect(path.basename(keptAs)).toMatch(/^before-restore-/);
    expect(fs.readdirSync(keptAs).sort()).toEqual(['bookclub.db', 'images', 'token-secret.key']);
    expect(sessionsKept).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'images', 'avatars', 'ann-1.webp'), 'utf8')).toBe('avatar bytes');
  });

  it('restores an older backup of the database alone', async () => {
    const file = path.join(scratch, 'bookclub-backup-2026-01-05.db');
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    await db.backup(file);
    db.close();

    const { keptAs, sessionsKept } = await clubMaintenance.restore(config(), file);

    expect(fs.readdirSync(keptAs)).toEqual(['bookclub.db']);
    expect(sessionsKept).toBe(false);
  });

  it('refuses a file that is not a club backup, and says why in words', async () => {
    const file = path.join(scratch, 'notes.db');
    fs.writeFileSync(file, 'not a database at all, just some text that is long enough to not be empty');

    const error = await refusal(() => clubMaintenance.restore(config(), file));

    expect(error.message).toBe('This file is not a Bookclub backup. Nothing was changed.');
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('restore'))).toEqual([]);
  });

  it("refuses the club's own database, which it would move away before copying", async () => {
    const error = await refusal(() => clubMaintenance.restore(config(), path.join(dataDir, DATABASE_FILE)));

    expect(error.message).toBe(`${path.join(dataDir, DATABASE_FILE)} is the club's own database, not a backup of it.`);
    expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
  });

  it('refuses while another server uses the data folder', async () => {
    const file = path.join(scratch, 'club.tar.gz');
    await clubMaintenance.backup(config(), file);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(other.pid));

      const error = await refusal(() => clubMaintenance.restore(config(), file));

      expect(error.message).toBe(`Another club server (process ${other.pid}) is using ${dataDir}. Stop it, then restore again.`);
    } finally {
      other.kill();
    }
  });
});
