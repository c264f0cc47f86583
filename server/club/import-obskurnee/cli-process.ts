import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * For tests: the real command line (server/main.ts), bundled with esbuild as `npm run build:server` does,
 * run in a child process, optionally as an unprivileged user. Tests run from a fresh clone before any build,
 * so the bundle is made here (a second or so) rather than taken from dist/. It is written under
 * node_modules/.cache, where its packages (left external, as in dist/) resolve from node_modules.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The user a test runs the command as when it runs as root, which file modes do not stop: "nobody". */
export const UNPRIVILEGED = { uid: 65534, gid: 65534 } as const;

export const runsAsRoot = (): boolean => process.getuid?.() === 0;

export interface BundledCli {
  entry: string;
  remove(): void;
}

export async function bundleCli(): Promise<BundledCli> {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'bookclub-tests', `cli-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  // Readable (and the folders passable) for the unprivileged user too.
  fs.chmodSync(dir, 0o755);
  const entry = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    external: ['electron'],
    logLevel: 'error',
  });
  fs.chmodSync(entry, 0o644);
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <entry> ...args` with its standard input closed (/dev/null), as `unprivileged` when asked and
 * the test runs as root. Killed after `timeoutMs`.
 */
export function runCli(
  entry: string,
  args: string[],
  options: { cwd: string; unprivileged?: boolean; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliRun> {
  const asNobody = options.unprivileged === true && runsAsRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: options.cwd,
      env: { ...process.env, HOME: options.cwd, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asNobody ? UNPRIVILEGED : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A folder the child may write in: owned by the unprivileged user when the test runs as root. */
export function writableFolder(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  if (runsAsRoot()) fs.chownSync(dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  return dir;
}
