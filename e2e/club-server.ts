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
  const child: ChildProcess = spawn(process.execPath, [entry, '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, DATA_DIR: dataDir, SITE_NAME: 'Riverside Readers', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`club server did not start:\n${output}`)), 20_000);
    const lookForUrl = () => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', lookForUrl);
      resolve(match[0]);
    };
    child.stdout!.on('data', lookForUrl);
    child.once('exit', (code) => reject(new Error(`club server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async terminate() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      return { exitCode: child.exitCode, output };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
