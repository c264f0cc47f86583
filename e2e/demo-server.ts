import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DemoServer {
  url: string;
  /** The temporary data folder the demo printed. */
  dataDir: string;
  /** SIGTERM, as Ctrl+C or a service manager stops it; answers the exit code and everything it printed. */
  stop(): Promise<{ exitCode: number | null; output: string }>;
}

/**
 * The demo as a host starts it (`npm start -- demo`, built: dist/server/main.js demo) on a free port, with a
 * real club's data folder, mail server and chat room set in its environment, none of which it may use. The
 * book lookup is off: browser tests never reach the internet.
 */
export async function startDemoServer(language: 'en' | 'sk' = 'en', env: Record<string, string> = {}): Promise<DemoServer> {
  const entry = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('Build the app first: npm run build');
  const child: ChildProcess = spawn(process.execPath, [entry, 'demo', '--language', language, '--port', '0'], {
    env: { ...process.env, OPEN_LIBRARY_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const { url, dataDir } = await new Promise<{ url: string; dataDir: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not start:\n${output}`)), 30_000);
    const look = () => {
      const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      const folder = /temporary data folder: (\S+)/.exec(output);
      if (!url || !folder) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve({ url: `http://127.0.0.1:${url[1]}`, dataDir: folder[1]! });
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`the demo exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(late);
      }
      return { exitCode: child.exitCode, output };
    },
  };
}
