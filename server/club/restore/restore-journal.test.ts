import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planSwap, readJournal, RESTORE_JOURNAL, runJournal, writeJournal, type RestoreJournal } from './restore-journal';

// The journal of a restore's renames, run again after a crash from wherever it stopped; never into an empty club.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-swap-'));
  folders.push(dir);
  fs.writeFileSync(path.join(dir, 'bookclub.db'), 'live club');
  fs.mkdirSync(path.join(dir, '.restore-staging-1-a', 'images', 'avatars'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.restore-staging-1-a', 'bookclub.db'), 'restored club');
  fs.writeFileSync(path.join(dir, '.restore-staging-1-a', 'images', 'avatars', 'a.webp'), 'restored avatar');
  return dir;
}

function planned(dir: string): RestoreJournal {
  const journal = { staged: '.restore-staging-1-a', kept: 'before-restore-x' };
  fs.mkdirSync(path.join(dir, journal.kept));
  const steps = planSwap(dir, journal, { database: 'bookclub.db', secret: null, images: 'images' });
  const whole = { ...journal, steps };
  writeJournal(dir, whole);
  return whole;
}

describe('the journal of a restore', () => {
  it('moves out what appeared after it was written (an avatar uploaded while the server drained)', () => {
    const dir = dataFolder();
    const journal = planned(dir);
    // The running server makes the images folder after the plan: it still goes to the kept club.
    fs.mkdirSync(path.join(dir, 'images', 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'images', 'avatars', 'late.webp'), 'late avatar');
    runJournal(dir, journal);
    expect(fs.readFileSync(path.join(dir, 'bookclub.db'), 'utf8')).toBe('restored club');
    expect(fs.readdirSync(path.join(dir, 'images', 'avatars'))).toEqual(['a.webp']);
    expect(fs.readFileSync(path.join(dir, 'before-restore-x', 'images', 'avatars', 'late.webp'), 'utf8')).toBe('late avatar');
    expect(fs.readFileSync(path.join(dir, 'before-restore-x', 'bookclub.db'), 'utf8')).toBe('live club');
    expect(readJournal(dir)).toBeNull();
  });

  it('stops, naming what is missing and where the old club is, rather than leave the club without its database', () => {
    const dir = dataFolder();
    const journal = planned(dir);
    fs.rmSync(path.join(dir, '.restore-staging-1-a', 'bookclub.db'));
    expect(() => runJournal(dir, journal)).toThrow(/cannot be finished: .*bookclub\.db is missing\. The club it replaces is in .*before-restore-x/);
    // The journal stays for another try; the replaced club is whole in the kept folder.
    expect(fs.existsSync(path.join(dir, RESTORE_JOURNAL))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'before-restore-x', 'bookclub.db'), 'utf8')).toBe('live club');
  });
});
