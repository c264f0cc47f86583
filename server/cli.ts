import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { registerFirstAdminSchema } from '../shared/api/accounts';
import { backUpClub } from './club/backup/back-up-club';
import { MaintenanceError } from './club/maintenance-error';
import { applyRestore, finishInterruptedRestore } from './club/restore/apply-restore';
import { stageRestore } from './club/restore/stage-restore';
import { discardStaged } from './club/restore/staged-club';
import { DataDirInUse, claimDataDir, runningServerPid } from './club/server-lock';
import { DATABASE_FILE, openDatabase } from './db/data-source';
import { promoteToAdminIfNone } from './features/accounts';
import { AccountsService } from './features/accounts/accounts.service';
import { PasswordHasher } from './features/accounts/password-hasher';
import { NEW_ACCOUNT_NEWSLETTER, subscribeAccount } from './features/newsletters';
import { AppError } from './http/errors';
import { translate } from './http/i18n';
import { loadOrCreateSecret } from './http/token';
import { ImportError, importObskurnee, type ImportReport } from './club/import-obskurnee/import-obskurnee';
import { createMarkdown } from './markdown';
import { SETTING_FLAGS, type ServerConfig } from './settings';
import type { DemoChoices } from './demo';
import { isLanguage, type Language } from '../shared/constants';

export type Command = 'serve' | 'demo' | 'backup' | 'restore' | 'create-admin' | 'import-obskurnee' | 'help';

export const USAGE = `Usage: npm start -- [command] [options]

Commands:
  (none)                     run the club server
  demo [--language en|sk]    run a demo club with a few months of made-up history, in a
                             temporary folder deleted when it stops; one-click sign-in as a
                             member, a moderator or the admin. Never touches the real club's
                             data folder, mail or chat. Listens on this computer only
                             (--host to change), on 8080 or any free port (--port)
  backup FILE                write the whole club (database, images, token secret) to FILE,
                             a .tar.gz (safe while the server runs)
  restore FILE [--yes]       replace the club with the backup in FILE (a .tar.gz, or an
                             older .db); stop the server first. Asks for the club's name
                             to confirm (--yes skips); the replaced club is kept in the
                             data folder
  create-admin --email EMAIL create the club's first admin without a browser;
                             the password is asked for, or read from --password-file FILE.
                             In a club with members but no admin (an import), makes the
                             member EMAIL its admin (they keep their password)
  import-obskurnee FILE [--images DIR] [--source-time-zone ZONE]
                             move an Obskurnee club (its data/obskurnee.db) into an empty
                             data folder; avatars and covers not in the database are
                             looked for in DIR. ZONE (e.g. Europe/Bratislava; default UTC)
                             is the time zone of the clock Obskurnee ran by
  help                       show this

Options are the settings' flags (--port, --data-dir, ...); see README.md.`;

/** The commands' own flags; the settings' flags (--port, --data-dir, ...) are read by readSettings. */
const COMMAND_OPTIONS = {
  yes: { type: 'boolean' },
  email: { type: 'string' },
  'password-file': { type: 'string' },
  images: { type: 'string' },
  'source-time-zone': { type: 'string' },
  language: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
/** Taken out of what is left for the settings (help stays, as it always did; the settings ignore it). */
const TAKEN: readonly string[] = ['yes', 'email', 'password-file', 'images', 'source-time-zone', 'language'];

function isCommand(word: string): word is Exclude<Command, 'serve'> {
  return word === 'demo' || word === 'backup' || word === 'restore' || word === 'create-admin' || word === 'import-obskurnee' || word === 'help';
}

export interface ParsedCommand {
  command: Command;
  file?: string;
  yes: boolean;
  email?: string;
  passwordFile?: string;
  images?: string;
  sourceTimeZone?: string;
  /** The demo club's language (demo --language). */
  language?: string;
  rest: string[];
}

/** The command and its own arguments; everything else is left, as it was written, for the settings. */
export function parseCommand(argv: readonly string[]): ParsedCommand {
  // Not strict: the settings' flags are unknown here and pass through to `rest`.
  const { values, tokens } = parseArgs({ args: [...argv], options: COMMAND_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const others = tokens.filter((token) => !(token.kind === 'option' && TAKEN.includes(token.name)));
  const isWord = (token: (typeof tokens)[number] | undefined): token is Extract<(typeof tokens)[number], { kind: 'positional' }> =>
    token?.kind === 'positional' && !token.value.startsWith('-');
  let command: Command = 'serve';
  let file: string | undefined;
  // The command is the first argument unless that is a flag; backup, restore and import take the next as FILE.
  const [first, second] = others;
  if (isWord(first)) {
    others.shift();
    if (isCommand(first.value)) command = first.value;
    else throw new CliError(`Unknown command "${first.value}".\n\n${USAGE}`);
    if (command === 'backup' || command === 'restore' || command === 'import-obskurnee') {
      if (!isWord(second)) throw new CliError(`${command} needs a FILE.\n\n${USAGE}`);
      others.shift();
      file = second.value;
    }
  }
  if (values.help) command = 'help';
  const left = new Set(others.map((token) => token.index));
  const rest = argv.filter((_, index) => left.has(index));
  if (command !== 'help') refuseStrays(rest);
  return {
    command,
    file,
    yes: values.yes === true,
    email: typeof values.email === 'string' ? values.email : undefined,
    passwordFile: typeof values['password-file'] === 'string' ? values['password-file'] : undefined,
    images: typeof values.images === 'string' ? values.images : undefined,
    sourceTimeZone: typeof values['source-time-zone'] === 'string' ? values['source-time-zone'] : undefined,
    language: typeof values.language === 'string' ? values.language : undefined,
    rest,
  };
}

const SETTING_OPTIONS = Object.fromEntries(SETTING_FLAGS.map((flag) => [flag.slice(2), { type: 'string' as const }]));

/**
 * What is left after the command must be settings' flags, each with its value: a word (`--port 9000 demo`,
 * where the command came too late) or a flag nobody reads (`--demo`, `--prot`) is refused with the usage,
 * rather than ignored while the real club starts on DATA_DIR.
 */
function refuseStrays(rest: readonly string[]): void {
  const { tokens } = parseArgs({ args: [...rest], options: SETTING_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      const hint = isCommand(token.value) ? ` A command comes first: npm start -- ${token.value} [options].` : '';
      throw new CliError(`Unexpected "${token.value}".${hint}\n\n${USAGE}`);
    }
    if (token.kind === 'option' && !Object.hasOwn(SETTING_OPTIONS, token.name)) {
      const hint = isCommand(token.name) ? ` ${token.name} is a command: npm start -- ${token.name} [options].` : '';
      throw new CliError(`Unknown option "${token.rawName}".${hint}\n\n${USAGE}`);
    }
  }
}

export class CliError extends Error {}

/**
 * What the demo takes from the command line (never from the environment, which may be set for the host's real
 * club): its language (--language, else the club's default language), and whether a port, host or name was given.
 */
export function demoChoices(parsed: ParsedCommand, defaultLanguage: Language): DemoChoices {
  const language = parsed.language ?? defaultLanguage;
  if (!isLanguage(language)) throw new CliError(`--language must be en or sk, not "${language}"`);
  const given = (flag: string) => parsed.rest.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
  return { language, port: given('--port'), host: given('--host'), siteName: given('--site-name') };
}

/** Standard input ended before an answer was typed (closed, or /dev/null): nothing may be taken as a yes. */
export class NoAnswer extends CliError {}

function ask(question: string, hidden = false, input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin): Promise<string> {
  const rl = readline.createInterface({ input, output: process.stdout, terminal: input.isTTY === true });
  if (hidden && input.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    // Without this the question would wait on a closed input forever, and the process end with 0.
    rl.on('close', () => {
      if (answered) return;
      process.stdout.write('\n');
      reject(new NoAnswer('No answer came: the standard input is closed.'));
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      if (hidden && input.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** "3 members", "1 bot": a count and its noun. */
function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What a backup holds, in a line: "3 members, 1 bot, 12 posts, ...". */
function describeCounts(counts: Record<string, number>): string {
  const nouns: [string, string][] = [
    ['members', 'member'],
    ['bots', 'bot'],
    ['posts', 'post'],
    ['polls', 'poll'],
    ['votes', 'vote'],
    ['books', 'book'],
    ['reviews', 'review'],
    ['meetings', 'meeting'],
    ['images', 'image'],
  ];
  return nouns
    .filter(([key]) => counts[key] !== undefined)
    .map(([key, one]) => countOf(counts[key]!, one))
    .join(', ');
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export async function runBackup(config: ServerConfig, file: string): Promise<void> {
  const { bytes, manifest } = await backUpClub(file, {
    dataDir: config.dataDir,
    nativeBinding: config.sqliteNativeBinding,
    siteName: config.siteName,
    kind: 'command',
  });
  console.log(`Backed up ${config.siteName} to ${path.resolve(file)} (${formatBytes(bytes)}): ${describeCounts(manifest.counts)}.`);
}

/** The club's name as typed to confirm a restore: spaces around it and letter case do not matter. */
function isClubName(typed: string, siteName: string): boolean {
  return typed.trim().toLowerCase() === siteName.trim().toLowerCase();
}

export async function runRestore(config: ServerConfig, file: string, yes: boolean, confirm: (question: string) => Promise<string> = ask): Promise<void> {
  const pid = runningServerPid(config.dataDir);
  if (pid) throw new CliError(`The club server (process ${pid}) is using ${config.dataDir}. Stop it first, then restore.`);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // No server may start on the folder while its club is being replaced.
  const release = claimDataDir(config.dataDir);
  try {
    if (finishInterruptedRestore(config.dataDir).finished) console.log('Finished a restore that was interrupted before.');
    const options = { dataDir: config.dataDir, nativeBinding: config.sqliteNativeBinding };
    // Checked whole before the host is asked anything: a refused file is said so at once.
    const staged = await stageRestore(file, options);
    const made = staged.manifest
      ? ` (made by Bookclub ${staged.manifest.appVersion} on ${staged.manifest.createdAt})`
      : ' (an older backup of the database alone)';
    const holds = `${file}${made}: ${describeCounts(staged.counts ?? {})}`;
    if (!yes) {
      const answer = await confirm(
        `The backup ${holds}.\nIt replaces the club ${config.siteName} in ${config.dataDir}; the replaced club is kept in the data folder.\n` +
          `Type the club's name, ${config.siteName}, to go on: `,
      ).catch((error: unknown) => {
        discardStaged(staged);
        if (error instanceof NoAnswer) {
          throw new CliError(
            "The restore was not confirmed: no answer came (the standard input is closed). Nothing was changed. Run it where the club's name can be typed, or add --yes.",
          );
        }
        throw error;
      });
      if (!isClubName(answer, config.siteName)) {
        discardStaged(staged);
        throw new CliError("That is not the club's name. Nothing was changed.");
      }
    }
    const { keptAs } = applyRestore(staged, options);
    console.log(`Restored the club from ${holds}.`);
    if (fs.readdirSync(keptAs).length > 0) {
      console.log(`The club it replaced is kept in ${keptAs}.`);
    } else {
      fs.rmdirSync(keptAs);
      console.log(`There was no club in ${config.dataDir} before; nothing was replaced.`);
    }
    if (staged.kind === 'database') {
      console.log('This older backup holds the database alone: the images and the token-signing secret in the data folder stay as they were.');
    } else if (staged.includesSecret) {
      console.log("Members stay signed in: the backup brought the club's token-signing secret.");
    } else {
      console.log('The backup has no token-signing secret: members sign in again.');
    }
  } finally {
    release();
  }
}

export async function runCreateAdmin(config: ServerConfig, email: string | undefined, passwordFile: string | undefined): Promise<void> {
  const address = email ?? (await ask('Email of the first admin: '));
  if (fs.existsSync(path.join(config.dataDir, DATABASE_FILE)) && (await promoteIfNoAdmin(config, address))) return;
  const password = passwordFile ? fs.readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '') : await ask('Password (at least 8 characters): ', true);
  const parsed = registerFirstAdminSchema.safeParse({ email: address, password });
  if (!parsed.success) {
    throw new CliError(parsed.error.issues.map((issue) => translate(config.defaultLanguage, issue.message)).join('\n'));
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // A restore a crash cut short is finished before anything opens the database, as at the server's start.
  finishInterruptedRestore(config.dataDir);
  const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
  try {
    const accounts = new AccountsService(db, loadOrCreateSecret(config.dataDir), createMarkdown(), {
      hasher: new PasswordHasher(),
      setupCode: null,
      onFirstAdmin: (userId) => subscribeAccount(db, userId, NEW_ACCOUNT_NEWSLETTER),
    });
    // Whoever can run this on the host is at the host's machine.
    await accounts.registerFirstAdmin(parsed.data.email, parsed.data.password, { fromHostMachine: true, setupCode: null });
    console.log(`Created the first admin, ${parsed.data.email}. Start the server and sign in.`);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(translate(config.defaultLanguage, error.key, error.params));
    throw error;
  } finally {
    await db.destroy();
  }
}

/**
 * A club with members but no admin who can sign in (an imported Obskurnee club without one): the member
 * named becomes its admin, and signs in with their own password. Answers false for a club without members
 * or with an admin, which create-admin treats as before.
 */
async function promoteIfNoAdmin(config: ServerConfig, email: string): Promise<boolean> {
  const release = claimDataDir(config.dataDir);
  try {
    finishInterruptedRestore(config.dataDir);
    const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
    try {
      const promotion = promoteToAdminIfNone(db, email);
      if (promotion.outcome === 'not-needed') return false;
      if (promotion.outcome === 'not-a-member') {
        throw new CliError(
          `The club in ${config.dataDir} has ${countOf(promotion.members, 'member')} but no admin who can sign in, and ${email} is none of them. Name the email of the member who is to be its admin.`,
        );
      }
      if (promotion.outcome === 'bot') throw new CliError(`${promotion.email} is a bot; name a member who is to be the club's admin.`);
      console.log(
        `${promotion.email} is now the club's admin${promotion.wasDisabled ? ' (their sign-in, which was turned off, is on again)' : ''}. ` +
          'They sign in with their own password. Start the server.',
      );
      return true;
    } finally {
      await db.destroy();
    }
  } finally {
    release();
  }
}

export async function runImportObskurnee(config: ServerConfig, file: string, imagesDir: string | undefined, sourceTimeZone?: string): Promise<ImportReport> {
  console.log(`Importing the Obskurnee club in ${file} into ${config.dataDir}...`);
  const report = await importObskurnee({
    file,
    dataDir: config.dataDir,
    imagesDir: imagesDir ?? null,
    sourceTimeZone: sourceTimeZone ?? null,
    nativeBinding: config.sqliteNativeBinding,
  });
  const c = report.counts;
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const lines = [
    `${n(c.members, 'member')} (${n(c.admins, 'admin')}, ${n(c.moderators, 'moderator')}, ${n(c.bots, 'bot')}, ${c.inactive} not active)`,
    `${n(c.rounds, 'round')}, ${n(c.discussions, 'discussion')}, ${n(c.posts, 'post')} (${n(c.reposts, 'repost')})`,
    `${n(c.polls, 'poll')} (${n(c.tiebreakers, 'tiebreaker')}) with ${n(c.votes, 'vote')}`,
    `${n(c.books, 'book')}, ${n(c.reviews, 'review')}, ${n(c.recommendations, 'recommendation')}`,
    `${n(c.currentlyReading, 'currently-reading entry', 'currently-reading entries')}, ${n(c.subscriptions, 'newsletter subscription')}, ${c.noticeboard ? 'the noticeboard' : 'no noticeboard'}`,
    `${n(c.shelfEntries, 'book', 'books')} on members' Goodreads and StoryGraph shelves, ${n(c.shelfLinks, 'linked profile')}`,
    `${n(c.avatars, 'avatar')}, ${n(c.covers, 'book cover')}`,
  ];
  console.log(`Imported:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  if (report.notes.length > 0) console.log(`Read from older Obskurnee data:\n${report.notes.map((note) => `  - ${note}`).join('\n')}`);
  if (report.problems.length > 0) {
    console.log(`Not brought over as it was (${report.problems.length}):\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  if (report.unreferencedImages.length > 0) {
    const where = (image: ImportReport['unreferencedImages'][number]) =>
      image.inDatabase && image.inFolder ? 'in the database and the images folder' : image.inDatabase ? 'in the database' : 'in the images folder';
    console.log(
      `Pictures nothing imported uses, left behind (${report.unreferencedImages.length}):\n${report.unreferencedImages.map((image) => `  - ${image.name} (${where(image)})`).join('\n')}`,
    );
  }
  console.log('Members sign in with their Obskurnee passwords. Start the server on this data folder.');
  for (const warning of report.warnings) console.warn(`WARNING: ${warning}`);
  return report;
}

export function isUserError(error: unknown): error is Error {
  return error instanceof CliError || error instanceof MaintenanceError || error instanceof ImportError || error instanceof DataDirInUse;
}
