import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORKER_SCRIPTS } from '../club/club-worker';
import type { CallResult, TestServer } from './test-server';

/**
 * A club server in a child process, for tests that kill it (kill -9) and start it again on the same data
 * folder. The server is bundled with esbuild the way build/bundle.mjs does (tests run before `npm run
 * build`) from an entry that starts it and prints `{"listening":<port>}`.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_WITHIN_MS = 15_000;

/** The server as one file for node, with its packages from node_modules. */
const AS_NODE_BUNDLE = { bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'silent' } as const;

export interface ServerBundle {
  /** The bundled entry, to start with startServerProcess. */
  file: string;
  /** Removes the bundle and its folder. */
  remove(): void;
}

/**
 * Bundles `entry` (TypeScript, resolved from server/) into a folder under node_modules/.cache, so its bare
 * imports (better-sqlite3, koa, ...) resolve to the project's node_modules as dist/server/main.js's do; the
 * worker threads' scripts (a backup, a restore's checks) are built beside it, where the server looks for them.
 */
export async function bundleServer(name: string, entry: string): Promise<ServerBundle> {
  fs.mkdirSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache', `bookclub-${name}-`));
  const file = path.join(dir, 'server.mjs');
  await build({
    ...AS_NODE_BUNDLE,
    stdin: { contents: entry, resolveDir: path.join(ROOT, 'server'), sourcefile: `${name}-entry.ts`, loader: 'ts' },
    outfile: file,
  });
  for (const script of Object.values(WORKER_SCRIPTS))
    await build({ ...AS_NODE_BUNDLE, entryPoints: [path.join(ROOT, script.entry)], outfile: path.join(dir, script.file) });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  /** The test-support helpers' view of it (setUpClub, addMember, call). */
  club: TestServer;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The child processes started, for killAll. */
const started = new Set<ChildProcess>();

/** Starts the bundled server with `env` added to this process's; answers once it prints its port. */
export async function startServerProcess(bundle: ServerBundle, dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bundle.file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_WITHIN_MS} ms; stderr:\n${stderr}`)), START_WITHIN_MS);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /\{"listening":(\d+)\}/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening; stderr:\n${stderr}`));
    });
  });
  return { child, club: clubAt(`http://127.0.0.1:${port}`, dataDir), stderr: () => stderr, exited };
}

/** Kills (SIGKILL) every server process still running, and waits until they are gone. */
export async function killAll(): Promise<void> {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  started.clear();
}

/** The test-support helpers (setUpClub, addMember) over a server in another process. */
function clubAt(url: string, dataDir: string): TestServer {
  return {
    url,
    dataDir,
    server: undefined as never,
    async call<T>(method: string, apiPath: string, options: { body?: unknown; token?: string } = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(url + apiPath, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(5_000),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    close: async () => {},
  };
}
