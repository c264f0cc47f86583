import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../db/data-source';
import { checkClubDatabase, clubDatabaseProblem } from './club-database-check';
import { MaintenanceError } from './maintenance-error';

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

describe('checking a database', () => {
  it('says in a few words what is wrong with a file that is not an intact Bookclub database', () => {
    expect(clubDatabaseProblem(path.join(dataDir, DATABASE_FILE))).toBeNull();
    checkClubDatabase(path.join(dataDir, DATABASE_FILE));

    const junk = path.join(scratch, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    expect(clubDatabaseProblem(junk)).toMatch(/^it is not a readable SQLite database \(file is not a database\)$/);
    expect(() => checkClubDatabase(junk)).toThrow(MaintenanceError);
    const other = path.join(scratch, 'other.db');
    new Database(other).exec('CREATE TABLE "unrelated" ("x" integer)');
    expect(clubDatabaseProblem(other)).toBe('it is not a Bookclub database');
    expect(() => checkClubDatabase(other)).toThrow(`${other} is not an intact Bookclub database: it is not a Bookclub database.`);
  });
});
