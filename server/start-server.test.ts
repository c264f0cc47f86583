import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase } from './club/backup/database-snapshot';
import { DataDirInUse } from './club/server-lock';
import { DamagedSecretError } from './http/token';
import { setUpClub, startTestServer, type TestServer } from './test-support/test-server';

let dataDir: string;
const running: TestServer[] = [];
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-start-'));
});
afterEach(async () => {
  for (const club of running.splice(0)) await club.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const club = await startTestServer({ dataDir });
  running.push(club);
  return club;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data folder', () => {
  it('is served by one server at a time: a second one refuses and names the first, whose lock stays', async () => {
    const first = await start();
    await expect(startTestServer({ dataDir })).rejects.toThrow(DataDirInUse);
    await expect(startTestServer({ dataDir })).rejects.toThrow(/already serves the data folder/);
    expect(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    expect((await first.call('GET', '/api/home')).status).toBe(200);
  });

  it('refuses a folder another live process serves, naming it', async () => {
    // The parent of this test process is alive and is not this process.
    fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    const refusal = await startTestServer({ dataDir }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as Error).message).toContain(`process ${process.ppid}`);
    expect(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone (a crash, kill -9)', async () => {
    fs.writeFileSync(path.join(dataDir, 'server.pid'), '999999');
    const club = await start();
    expect(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await club.server.close();
    running.pop();
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('keeps its files owner-only: database, its log, secret, lock, and a backup', async () => {
    const club = await start();
    await setUpClub(club);
    for (const file of ['bookclub.db', 'bookclub.db-wal', 'token-secret.key', 'server.pid']) {
      expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
    }
    expect(modeOf(dataDir)).toBe(0o700);
    const backup = path.join(dataDir, 'backups', 'club.db');
    await backupDatabase(dataDir, backup);
    expect(modeOf(backup)).toBe(0o600);
  });
});

describe('the token-signing secret', () => {
  it('a damaged one stops start-up with a message a host can act on, and is left as it was', async () => {
    for (const damaged of ['not hex at all', '', 'abcd']) {
      fs.writeFileSync(path.join(dataDir, 'token-secret.key'), damaged);
      const refusal = await startTestServer({ dataDir }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DamagedSecretError);
      expect((refusal as Error).message).toMatch(/token-signing secret .* is damaged: .*Restore the file from a backup/);
      expect(fs.readFileSync(path.join(dataDir, 'token-secret.key'), 'utf8')).toBe(damaged);
      // The failed start released the folder.
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    }
  });

  it('is made once, whole, and kept across restarts (tokens stay valid)', async () => {
    const club = await start();
    const token = await setUpClub(club);
    const secret = fs.readFileSync(path.join(dataDir, 'token-secret.key'), 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await club.server.close();
    running.pop();
    const again = await start();
    expect(fs.readFileSync(path.join(dataDir, 'token-secret.key'), 'utf8')).toBe(secret);
    expect((await again.call('GET', '/api/accounts/context', { token })).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('forgets expired reset links and week-old sent mail on start, and keeps the rest', async () => {
    const club = await start();
    await setUpClub(club);
    await club.server.close();
    running.pop();
    const sql = new Database(path.join(dataDir, 'bookclub.db'));
    const day = 24 * 60 * 60 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const userId = (sql.prepare(`SELECT "id" FROM "user"`).get() as { id: string }).id;
    const token = sql.prepare(
      `INSERT INTO "reset_token" ("userId", "tokenHash", "purpose", "expiresOn", "usedOn", "createdOn") VALUES (?, ?, 'reset', ?, NULL, ?)`,
    );
    token.run(userId, 'a'.repeat(64), at(-day), at(-2 * day));
    token.run(userId, 'b'.repeat(64), at(day), at(0));
    const mail = sql.prepare(
      `INSERT INTO "mail" ("to", "subject", "text", "createdOn", "attempts", "nextAttemptOn", "sentOn") VALUES ('a@club.test', ?, '', ?, 1, ?, ?)`,
    );
    mail.run('old', at(-10 * day), at(-10 * day), at(-10 * day));
    mail.run('recent', at(-day), at(-day), at(-day));
    sql.close();

    await start();
    const after = new Database(path.join(dataDir, 'bookclub.db'), { readonly: true });
    try {
      expect(after.prepare(`SELECT "tokenHash" FROM "reset_token"`).all()).toEqual([{ tokenHash: 'b'.repeat(64) }]);
      expect(after.prepare(`SELECT "subject" FROM "mail"`).all()).toEqual([{ subject: 'recent' }]);
    } finally {
      after.close();
    }
  });
});
