import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CliError, isUserError, parseCommand, runBackup, runCreateAdmin, runImportObskurnee, runRestore } from './cli';
import { bundleCli, runCli, type BundledCli } from './club/import-obskurnee/cli-process';
import { FIXTURE_COUNTS, FIXTURE_USERS, createObskurneeFixture } from './club/import-obskurnee/fixture';
import type { ServerConfig } from './settings';
import { readBackupStatus } from './club/backup/backup-status';
import { ADMIN, setUpClub, startTestServer } from './test-support/test-server';

let dataDir: string;
let config: ServerConfig;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-cli-'));
  config = {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    siteName: 'CLI Club',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    smtpUrl: null,
    rendererDir: null,
    quiet: true,
  };
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('parsing the command line', () => {
  it('finds the command, its file and its own flags, and leaves the settings', () => {
    expect(parseCommand(['--port', '9000'])).toMatchObject({ command: 'serve', rest: ['--port', '9000'] });
    expect(parseCommand(['backup', 'club.db', '--data-dir', '/srv'])).toMatchObject({ command: 'backup', file: 'club.db', rest: ['--data-dir', '/srv'] });
    expect(parseCommand(['restore', 'club.db', '--yes'])).toMatchObject({ command: 'restore', file: 'club.db', yes: true });
    expect(parseCommand(['create-admin', '--email=host@club.test', '--password-file', 'pw'])).toMatchObject({
      command: 'create-admin',
      email: 'host@club.test',
      passwordFile: 'pw',
    });
    expect(parseCommand(['import-obskurnee', 'obskurnee.db', '--images', 'pics', '--data-dir', '/srv'])).toMatchObject({
      command: 'import-obskurnee',
      file: 'obskurnee.db',
      images: 'pics',
      rest: ['--data-dir', '/srv'],
    });
    expect(parseCommand(['import-obskurnee', 'obskurnee.db', '--source-time-zone', 'Europe/Bratislava', '--port=9000'])).toMatchObject({
      command: 'import-obskurnee',
      sourceTimeZone: 'Europe/Bratislava',
      rest: ['--port=9000'],
    });
    expect(parseCommand(['import-obskurnee', 'obskurnee.db']).sourceTimeZone).toBeUndefined();
    expect(() => parseCommand(['import-obskurnee', '--images=pics'])).toThrow(/import-obskurnee needs a FILE/);
    expect(() => parseCommand(['backup'])).toThrow(CliError);
    expect(() => parseCommand(['frobnicate'])).toThrow(/Unknown command/);
  });

  it("leaves the settings' flags as they were written, wherever the command's own flags are", () => {
    expect(parseCommand(['--yes', 'restore', 'club.db', '--port=9000', '--site-name', 'My Club'])).toMatchObject({
      command: 'restore',
      file: 'club.db',
      yes: true,
      rest: ['--port=9000', '--site-name', 'My Club'],
    });
    expect(parseCommand(['--email', 'host@club.test', 'create-admin'])).toMatchObject({ command: 'create-admin', email: 'host@club.test', rest: [] });
    // The command comes first: a word after a setting is that setting's value.
    expect(parseCommand(['--data-dir', 'backup'])).toMatchObject({ command: 'serve', rest: ['--data-dir', 'backup'] });
    expect(() => parseCommand(['restore', '--yes'])).toThrow(/restore needs a FILE/);
  });

  it('refuses a word or a flag it does not read, with the usage, rather than start the real club', () => {
    // The command comes first: after a setting's value, "demo" is a stray word.
    expect(() => parseCommand(['--port', '9000', 'demo'])).toThrow(/^Unexpected "demo"\. A command comes first: npm start -- demo \[options\]\.\n\nUsage: /);
    expect(() => parseCommand(['--port', '9000', '--demo'])).toThrow(
      /^Unknown option "--demo"\. demo is a command: npm start -- demo \[options\]\.\n\nUsage: /,
    );
    expect(() => parseCommand(['--prot', '9000'])).toThrow(/^Unknown option "--prot"\.\n\nUsage: /);
    expect(() => parseCommand(['backup', 'club.tar.gz', 'extra'])).toThrow(/^Unexpected "extra"/);
    expect(() => parseCommand(['demo', '--port', '9000', 'now'])).toThrow(/^Unexpected "now"/);
    expect(parseCommand(['demo', '--port', '9000'])).toMatchObject({ command: 'demo', rest: ['--port', '9000'] });
  });

  it('shows the help for help, --help and -h', () => {
    expect(parseCommand(['help']).command).toBe('help');
    expect(parseCommand(['backup', 'club.db', '--help']).command).toBe('help');
    expect(parseCommand(['-h', '--port', '9000'])).toMatchObject({ command: 'help', rest: ['-h', '--port', '9000'] });
  });
});

describe('headless maintenance', () => {
  it('creates the first admin without a browser, once', async () => {
    const passwordFile = path.join(dataDir, 'pw.txt');
    fs.writeFileSync(passwordFile, 'host password 1\n');
    await runCreateAdmin(config, 'host@club.test', passwordFile);
    const club = await startTestServer({ dataDir });
    try {
      const login = await club.call('POST', '/api/accounts/login', { body: { email: 'host@club.test', password: 'host password 1' } });
      expect(login.status).toBe(200);
      expect(login.body.isAdmin).toBe(true);
      // Subscribed to the main newsletter, as every new account is.
      expect((await club.call('GET', '/api/newsletters', { token: login.body.token })).body).toEqual(['basicevents']);
    } finally {
      await club.server.close();
    }
    await expect(runCreateAdmin(config, 'second@club.test', passwordFile)).rejects.toThrow(/already set up/);
    fs.writeFileSync(passwordFile, 'short');
    await expect(runCreateAdmin(config, 'x@club.test', passwordFile)).rejects.toThrow(/at least 8 characters/);
  });

  it('backs up a running club whole, refuses to restore under it, and restores once it stops', async () => {
    const club = await startTestServer({ dataDir });
    const printed: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => void printed.push(line));
    const token = await setUpClub(club);
    const backup = path.join(dataDir, 'backups', 'club.tar.gz');
    await runBackup(config, backup);
    expect(fs.existsSync(backup)).toBe(true);
    expect(printed.join('\n')).toMatch(
      new RegExp(
        `^Backed up CLI Club to ${backup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ KB\\): 1 member, 0 bots, 0 posts, 0 polls, 0 votes, 0 books, 0 reviews, 0 meetings, 0 images\\.$`,
      ),
    );
    expect(readBackupStatus(dataDir).last).toMatchObject({ kind: 'command' });
    await expect(runRestore(config, backup, true)).rejects.toThrow(/Stop it first/);
    await club.server.close();

    // A fresh club folder restored from the backup has the admin, still signed in.
    printed.length = 0;
    const elsewhere = { ...config, dataDir: path.join(dataDir, 'restored') };
    await runRestore(elsewhere, backup, true);
    expect(printed.join('\n')).toMatch(/Restored the club from .* \(made by Bookclub .* on .*\): 1 member, /);
    expect(printed.join('\n')).toMatch(/There was no club in .* before; nothing was replaced\./);
    expect(fs.readdirSync(elsewhere.dataDir).sort()).toEqual(['bookclub.db', 'images', 'token-secret.key']);
    expect(printed.join('\n')).toMatch(/Members stay signed in: the backup brought the club's token-signing secret\./);
    const restored = await startTestServer({ dataDir: elsewhere.dataDir });
    try {
      expect((await restored.call('GET', '/api/accounts/context', { token })).status).toBe(200);
      expect((await restored.call('POST', '/api/accounts/login', { body: ADMIN })).status).toBe(200);
    } finally {
      await restored.server.close();
    }
  });

  it("restores only once the club's name is typed, and says where the replaced club is kept", async () => {
    const club = await startTestServer({ dataDir });
    await setUpClub(club);
    const backup = path.join(dataDir, 'backups', 'club.tar.gz');
    await runBackup(config, backup);
    await club.server.close();
    const printed: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => void printed.push(line));
    const database = () => fs.readFileSync(path.join(dataDir, 'bookclub.db'));
    const before = database();

    const questions: string[] = [];
    const wrong = runRestore(config, backup, false, async (question) => {
      questions.push(question);
      return 'yes';
    });
    await expect(wrong).rejects.toThrow("That is not the club's name. Nothing was changed.");
    expect(questions[0]).toMatch(/^The backup .*club\.tar\.gz \(made by Bookclub .*\): 1 member, 0 bots, /);
    expect(questions[0]).toMatch(/Type the club's name, CLI Club, to go on: $/);
    expect(database().equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('before-restore-') || name.startsWith('.'))).toEqual([]);
    // The lock the restore held is released.
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    await runRestore(config, backup, false, async () => '  cli club ');
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith('before-restore-'));
    expect(kept.length).toBe(1);
    expect(printed.join('\n')).toContain(`The club it replaced is kept in ${path.join(dataDir, kept[0]!)}.`);
    // The club had no images yet: its database and secret are what there was to keep.
    expect(fs.readdirSync(path.join(dataDir, kept[0]!)).sort()).toEqual(['bookclub.db', 'token-secret.key']);
  });

  it('refuses a file that is not a backup with a message a host can read, and changes nothing', async () => {
    const notes = path.join(dataDir, 'notes.txt');
    fs.writeFileSync(notes, 'shopping list');
    const refusal = await runRestore(config, notes, true).catch((error: unknown) => error);
    expect(isUserError(refusal)).toBe(true);
    expect((refusal as Error).message).toBe('This file is not a Bookclub backup. Nothing was changed.');
    expect(fs.readdirSync(dataDir)).toEqual(['notes.txt']);
  });

  it('imports an Obskurnee club into an empty data folder, prints what it moved, and refuses a second time', async () => {
    const source = path.join(dataDir, 'obskurnee.db');
    const { imagesDir } = createObskurneeFixture(source);
    const club = { ...config, dataDir: path.join(dataDir, 'club') };
    const printed: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => void printed.push(line));
    const report = await runImportObskurnee(club, source, imagesDir);
    expect(report.counts).toEqual(FIXTURE_COUNTS);
    expect(printed.join('\n')).toMatch(/5 members \(1 admin, 2 moderators, 1 bot, 1 not active\)/);
    expect(printed.join('\n')).toMatch(/6 polls \(2 tiebreakers\) with 18 votes/);
    expect(printed.join('\n')).toMatch(/Not brought over as it was[^]*language "cs"/);
    const again = await runImportObskurnee(club, source, imagesDir).catch((error: unknown) => error);
    expect(isUserError(again)).toBe(true);
    expect((again as Error).message).toMatch(/already holds a club/);
  });

  it('refuses an unknown --source-time-zone before anything is written', async () => {
    const source = path.join(dataDir, 'obskurnee.db');
    createObskurneeFixture(source);
    const club = { ...config, dataDir: path.join(dataDir, 'club') };
    const refusal = await runImportObskurnee(club, source, undefined, 'Central European Time').catch((error: unknown) => error);
    expect(isUserError(refusal)).toBe(true);
    expect((refusal as Error).message).toMatch(/"Central European Time" is not a time zone/);
    expect(fs.existsSync(club.dataDir)).toBe(false);
  });

  it('warns when the imported club has no admin, and create-admin then makes one of its members admin', async () => {
    const source = path.join(dataDir, 'obskurnee.db');
    const { imagesDir } = createObskurneeFixture(source, { legacy: { adminClaim: false } });
    const club = { ...config, dataDir: path.join(dataDir, 'club') };
    const warned: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
    const report = await runImportObskurnee(club, source, imagesDir);
    expect(report.counts).toMatchObject({ members: 5, admins: 0, moderators: 2, bots: 1 });
    expect(warned.join('\n')).toBe(
      `WARNING: The imported club has no admin who can sign in (Obskurnee had no admin), so nobody can manage members or the club. ` +
        `Make one of its members admin: npm start -- create-admin --email THEIR-EMAIL --data-dir ${club.dataDir}`,
    );

    // Doing what it says: a stranger is refused, a member becomes admin without a new password.
    await expect(runCreateAdmin(club, 'stranger@club.test', undefined)).rejects.toThrow(
      /has 5 members but no admin who can sign in, and stranger@club\.test is none of them/,
    );
    const { member } = FIXTURE_USERS;
    await runCreateAdmin(club, member.email.toUpperCase(), undefined);
    const server = await startTestServer({ dataDir: club.dataDir });
    try {
      const login = await server.call('POST', '/api/accounts/login', { body: { email: member.email, password: member.password } });
      expect(login.status).toBe(200);
      expect(login.body.isAdmin).toBe(true);
    } finally {
      await server.server.close();
    }
    // Once the club has an admin, create-admin is the first-admin command it always was.
    const passwordFile = path.join(dataDir, 'pw.txt');
    fs.writeFileSync(passwordFile, 'host password 1');
    await expect(runCreateAdmin(club, 'second@club.test', passwordFile)).rejects.toThrow(/already set up/);
  });
});

describe('the command line, run as a host runs it', () => {
  let cli: BundledCli;
  beforeAll(async () => {
    cli = await bundleCli();
  });
  afterAll(() => cli?.remove());

  it('refuses `--port 9000 demo` with the usage and exit code 2, and never opens the club in DATA_DIR', async () => {
    // Without the check this started the real club (on a free port, in dataDir) until the run's timeout.
    const run = await runCli(cli.entry, ['--port', '0', 'demo', '--data-dir', dataDir], { cwd: dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^bookclub: Unexpected "demo"\. A command comes first[^]*Usage: npm start -- \[command\] \[options\]/);
    expect(run.stdout).toBe('');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('does not take a closed standard input as a confirmed restore: it exits non-zero and changes nothing', async () => {
    const club = await startTestServer({ dataDir });
    await setUpClub(club);
    const backup = path.join(dataDir, 'backups', 'club.tar.gz');
    await runBackup(config, backup);
    await club.server.close();
    const database = () => fs.readFileSync(path.join(dataDir, 'bookclub.db'));
    const before = database();
    const run = await runCli(cli.entry, ['restore', backup, '--data-dir', dataDir, '--site-name', 'CLI Club'], { cwd: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bookclub: The restore was not confirmed: no answer came (the standard input is closed). Nothing was changed.');
    expect(run.stdout).toMatch(/Type the club's name, CLI Club, to go on: /);
    expect(database().equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('before-restore-') || name.startsWith('.'))).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
