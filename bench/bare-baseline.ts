// Captures one answer of the club server, bytes and headers as they went over the wire (compressed if the
// server compressed it), and serves the same answer from a bare node:http server in a child process: the
// baseline each read is compared with.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PROJECT_ROOT, stopChild } from './club-server-process';

export interface CapturedAnswer {
  status: number;
  /** As received, in order (raw names). */
  headers: [string, string][];
  body: Buffer;
}

/** One GET as the load generator sends it; node:http leaves the body as sent (no decompression). */
export function captureAnswer(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A header of a captured answer, by its name in any case. */
export function headerOf(answer: CapturedAnswer, name: string): string | undefined {
  return answer.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Serves `answer` from a bare node:http server in its own process. */
export async function startBaseline(answer: CapturedAnswer, workDir: string, name: string): Promise<Baseline> {
  const file = path.join(workDir, `${name}.answer.json`);
  fs.writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }));
  const child = fork(path.join(PROJECT_ROOT, 'dist/bench/bare-http-server.js'), [file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the baseline server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}
