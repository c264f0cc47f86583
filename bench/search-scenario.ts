// Search latency at scale, as bench/search.ts measures it (50,000 posts and 20,000 recommendations,
// searched over HTTP): run as its own process, its summary line read back.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './club-server-process';

export interface SearchResult {
  posts: number;
  recommendations: number;
  /** Times each query was searched. */
  rounds: number;
  searches: number;
  p50Ms: number;
  p99Ms: number;
  /** Its own report, line by line (median and p99 per query shape). */
  lines: string[];
}

/** The figures of search.ts's last line: `all  median 8.6 ms  p99 18.3 ms  over 600 searches`. */
export function parseSearchSummary(output: string): { p50Ms: number; p99Ms: number; searches: number } | null {
  const match = /^all\s+median\s+([\d.]+) ms\s+p99\s+([\d.]+) ms\s+over (\d+) searches/m.exec(output);
  return match ? { p50Ms: Number(match[1]), p99Ms: Number(match[2]), searches: Number(match[3]) } : null;
}

export function measureSearch(size: { posts: number; recommendations: number; rounds: number }, log: (line: string) => void): Promise<SearchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/bench/search.js')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, BENCH_POSTS: String(size.posts), BENCH_RECOMMENDATIONS: String(size.recommendations), BENCH_ROUNDS: String(size.rounds) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(`  ${line}`);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const summary = parseSearchSummary(output);
      if (code !== 0 || !summary) return reject(new Error(`bench/search.ts exited with ${code}: ${output.slice(-500)}`));
      resolve({ ...size, ...summary, lines: output.trim().split('\n') });
    });
  });
}
