import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { registerFirstAdminSchema } from '../shared/api/accounts';
import { openDatabase } from './db/data-source';
import { AccountsService } from './features/accounts/accounts.service';
import { PasswordHasher } from './features/accounts/password-hasher';
import { AppError } from './http/errors';
import { translate } from './http/i18n';
import { loadOrCreateSecret } from './http/token';
import { MaintenanceError, backupDatabase, restoreDatabase } from './maintenance/backup';
import { ImportError, importObskurnee, type ImportReport } from './maintenance/import-obskurnee/import-obskurnee';
import { runningServerPid } from './maintenance/server-lock';
import { createMarkdown } from './markdown';
import type { ServerConfig } from './settings';

export type Command = 'serve' | 'backup' | 'restore' | 'create-admin' | 'import-obskurnee' | 'help';

export const USAGE = `Usage: npm start -- [command] [options]

Commands:
  (none)                     run the club server
  backup FILE                copy the club's database to FILE (safe while the server runs)
  restore FILE [--yes]       replace the club's database with FILE (stop the server first)
  create-admin --email EMAIL create the club's first admin without a browser;
                             the password is asked for, or read from --password-file FILE
  import-obskurnee FILE [--images DIR]
                             move an Obskurnee club (its data/obskurnee.db) into an empty
                             data folder; avatars and covers not in the database are
                             looked for in DIR
  help                       show this

Options are the settings' flags (--port, --data-dir, ...); see README.md.`;

/** The commands' own flags; the settings' flags (--port, --data-dir, ...) are read by readSettings. */
const COMMAND_OPTIONS = {
  yes: { type: 'boolean' },
  email: { type: 'string' },
  'password-file': { type: 'string' },
  images: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
/** Taken out of what is left for the settings (help stays, as it always did; the settings ignore it). */
const TAKEN: readonly string[] = ['yes', 'email', 'password-file', 'images'];

function isCommand(word: string): word is Exclude<Command, 'serve'> {
  return word === 'backup' || word === 'restore' || word === 'create-admin' || word === 'import-obskurnee' || word === 'help';
}

/** The command and its own arguments; everything else is left, as it was written, for the settings. */
export function parseCommand(argv: readonly string[]): { command: Command; file?: string; yes: boolean; email?: string; passwordFile?: string; images?: string; rest: string[] } {
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
  return {
    command,
    file,
    yes: values.yes === true,
    email: typeof values.email === 'string' ? values.email : undefined,
    passwordFile: typeof values['password-file'] === 'string' ? values['password-file'] : undefined,
    images: typeof values.images === 'string' ? values.images : undefined,
    rest: argv.filter((_, index) => left.has(index)),
  };
}

export class CliError extends Error {}

function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden && process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

export async function runBackup(config: ServerConfig, file: string): Promise<void> {
  const { bytes } = await backupDatabase(config.dataDir, file, config.sqliteNativeBinding);
  console.log(`Backed up the club to ${file} (${(bytes / 1024).toFixed(0)} KB).`);
}

export async function runRestore(config: ServerConfig, file: string, yes: boolean): Promise<void> {
  const pid = runningServerPid(config.dataDir);
  if (pid) throw new CliError(`The club server (process ${pid}) is using ${config.dataDir}. Stop it first, then restore.`);
  if (!yes) {
    const answer = await ask(`This replaces the club's database in ${config.dataDir} with ${file}. Type "yes" to go on: `);
    if (answer.trim().toLowerCase() !== 'yes') throw new CliError('Nothing was changed.');
  }
  const { keptAs } = restoreDatabase(config.dataDir, file, config.sqliteNativeBinding);
  console.log(`Restored the club from ${file}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''}`);
}

export async function runCreateAdmin(config: ServerConfig, email: string | undefined, passwordFile: string | undefined): Promise<void> {
  const address = email ?? (await ask('Email of the first admin: '));
  const password = passwordFile ? fs.readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '') : await ask('Password (at least 8 characters): ', true);
  const parsed = registerFirstAdminSchema.safeParse({ email: address, password });
  if (!parsed.success) {
    throw new CliError(parsed.error.issues.map((issue) => translate(config.defaultLanguage, issue.message)).join('\n'));
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
  try {
    const accounts = new AccountsService(db, loadOrCreateSecret(config.dataDir), createMarkdown(), { hasher: new PasswordHasher(), setupCode: null });
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

export async function runImportObskurnee(config: ServerConfig, file: string, imagesDir: string | undefined): Promise<ImportReport> {
  console.log(`Importing the Obskurnee club in ${file} into ${config.dataDir}...`);
  const report = await importObskurnee({ file, dataDir: config.dataDir, imagesDir: imagesDir ?? null, nativeBinding: config.sqliteNativeBinding });
  const c = report.counts;
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const lines = [
    `${n(c.members, 'member')} (${n(c.admins, 'admin')}, ${n(c.moderators, 'moderator')}, ${n(c.bots, 'bot')}, ${c.inactive} not active)`,
    `${n(c.rounds, 'round')}, ${n(c.discussions, 'discussion')}, ${n(c.posts, 'post')} (${n(c.reposts, 'repost')})`,
    `${n(c.polls, 'poll')} (${n(c.tiebreakers, 'tiebreaker')}) with ${n(c.votes, 'vote')}`,
    `${n(c.books, 'book')}, ${n(c.reviews, 'review')}, ${n(c.recommendations, 'recommendation')}`,
    `${n(c.currentlyReading, 'currently-reading entry', 'currently-reading entries')}, ${n(c.subscriptions, 'newsletter subscription')}, ${c.noticeboard ? 'the noticeboard' : 'no noticeboard'}`,
    `${n(c.avatars, 'avatar')}, ${n(c.covers, 'book cover')}`,
  ];
  console.log(`Imported:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  if (report.problems.length > 0) {
    console.log(`Not brought over as it was (${report.problems.length}):\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  console.log('Members sign in with their Obskurnee passwords. Start the server on this data folder.');
  return report;
}

export function isUserError(error: unknown): error is Error {
  return error instanceof CliError || error instanceof MaintenanceError || error instanceof ImportError;
}
