import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../db/data-source';
import { checkClubDatabase } from '../club-database-check';
import { MaintenanceError } from '../maintenance-error';
import { backupDatabase } from './database-snapshot';

let dataDir: string;
let scratch: string;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-'));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-out-'));
  const db = await openDatabase(dataDir);
  await db.destroy();
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Another process writing settings rows as fast as it can, each its own committed transaction. */
function startWriter(file: string) {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('INSERT INTO "setting" ("key", "value") VALUES (?, ?)');
    let n = 0;
    const tick = () => {
      for (let i = 0; i < 50; i++) { n++; insert.run('row-' + String(n).padStart(8, '0'), String(n)); }
      process.stdout.write(n + '\\n');
      setImmediate(tick);
    };
    tick();
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let committed = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().trim().split('\n');
    committed = Number(lines[lines.length - 1]);
  });
  return {
    committed: () => committed,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

describe('backup', () => {
  it('is a valid database holding every row committed before it, while another process keeps writing', async () => {
    // A club with some history (~16 MB), so the copy takes long enough for the writer to keep going during it.
    const seed = new Database(path.join(dataDir, DATABASE_FILE));
    const filler = seed.prepare(`INSERT INTO "setting" ("key", "value") VALUES (?, ?)`);
    seed.transaction(() => {
      for (let i = 0; i < 4000; i++) filler.run(`history-${i}`, 'x'.repeat(4000));
    })();
    seed.close();
    const writer = startWriter(path.join(dataDir, DATABASE_FILE));
    try {
      while (writer.committed() < 2000) await new Promise((resolve) => setTimeout(resolve, 10));
      const committedBefore = writer.committed();
      const target = path.join(scratch, 'nested', 'club-backup.db');
      const { bytes } = await backupDatabase(dataDir, target);
      expect(bytes).toBeGreaterThan(0);
      // The writer never stopped (its progress reaches us once the copy has let go of this event loop).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(writer.committed()).toBeGreaterThan(committedBefore);

      checkClubDatabase(target);
      const copy = new Database(target, { readonly: true });
      const rows = copy.prepare(`SELECT "value" FROM "setting" WHERE "key" LIKE 'row-%' ORDER BY "key"`).all() as { value: string }[];
      copy.close();
      // Every committed row up to some moment, with no gaps: a consistent snapshot, not a torn copy.
      expect(rows.length).toBeGreaterThanOrEqual(committedBefore);
      expect(rows.every((row, i) => Number(row.value) === i + 1)).toBe(true);
    } finally {
      await writer.stop();
    }
    expect(fs.readdirSync(path.join(scratch, 'nested'))).toEqual(['club-backup.db']);
  });

  it('says so when there is no club database', async () => {
    await expect(backupDatabase(path.join(scratch, 'empty'), path.join(scratch, 'x.db'))).rejects.toBeInstanceOf(MaintenanceError);
  });
});
