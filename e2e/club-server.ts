import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ClubServer {
  url: string;
  dataDir: string;
  /** Sends SIGTERM and waits for the exit, keeping the data folder; answers the exit code and all output. */
  terminate(): Promise<{ exitCode: number | null; output: string }>;
  stop(): Promise<void>;
}

/**
 * The built club server (what `npm start` runs) on a free port with a fresh data folder,
 * so every browser test starts from a new club.
 */
export async function startClubServer(env: Record<string, string> = {}): Promise<ClubServer> {
  const entry = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('Build the app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-e2e-'));
  // HOST=0.0.0.0 listens on every interface (the LAN addresses a host page shows); by default loopback only.
  const child: ChildProcess = spawn(process.execPath, [entry, '--port', '0', '--host', env.HOST ?? '127.0.0.1'], {
    // No book lookup or shelves unless a test gives its fakes: browser tests never reach the internet.
    env: { ...process.env, DATA_DIR: dataDir, SITE_NAME: 'Riverside Readers', OPEN_LIBRARY_URL: '', GOODREADS_URL: '', STORYGRAPH_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`club server did not start:\n${output}`)), 20_000);
    const lookForUrl = () => {
      const match = /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', lookForUrl);
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', lookForUrl);
    child.once('exit', (code) => reject(new Error(`club server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async terminate() {
      await stopWithin(child, () => output);
      return { exitCode: child.exitCode, output };
    },
    async stop() {
      await stopWithin(child, () => output);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A club asked to stop finishes within a few seconds, whoever is still connected. */
const STOP_WITHIN_MS = 10_000;

/**
 * SIGTERM, as a service manager sends it, and the exit. A server that is still running after STOP_WITHIN_MS
 * is killed and the test fails with its output, rather than by the fixture's timeout with nothing to go on.
 */
async function stopWithin(child: ChildProcess, output: () => string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_WITHIN_MS)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome !== 'late') return;
  child.kill('SIGKILL');
  await exited;
  throw new Error(`the club server was still running ${STOP_WITHIN_MS} ms after SIGTERM:\n${output()}`);
}
