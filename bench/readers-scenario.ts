// The largest answers read by 64 connections at once, uncompressed, as Obskurnee's client and most bots ask
// for them (no Accept-Encoding): the whole member list (some 750 KiB in a club of 1,000) and the 200-post
// discussion (some 340 KiB). What it measures is the club server's memory meanwhile (the run's memory
// table: this phase's peak), beside how fast they are answered. Members write meanwhile, as in a club
// (a member sets their language four times a second): every write forgets the kept answers, and the
// readers' next requests find them to be made again.
import { runLoad } from './load-runner';
import type { ClubServer } from './club-server-process';
import { BIG_DISCUSSION_POSTS, type SeededClub } from './club-seed';

export interface ReaderResult {
  read: string;
  path: string;
  /** Bytes of one answer, as sent (uncompressed). */
  bytes: number;
  answersPerSecond: number;
  p99Ms: number;
  problems: number;
}

/** A write every this many milliseconds while the readers read. */
const WRITE_EVERY_MS = 250;

/** Each of the two reads for `seconds` at 64 connections, one after the other. */
export async function measureReaders(club: SeededClub, server: ClubServer, seconds: number, log: (line: string) => void): Promise<ReaderResult[]> {
  log('The largest answers, uncompressed, 64 connections at once...');
  const headers = { Authorization: `Bearer ${club.members[0]!.token}`, Accept: 'application/json', 'Accept-Language': 'en' };
  const reads = [
    { read: 'members, uncompressed', path: '/api/users' },
    { read: `discussion (${BIG_DISCUSSION_POSTS} posts), uncompressed`, path: `/api/discussions/${club.bigDiscussionId}` },
  ];
  const results: ReaderResult[] = [];
  for (const { read, path } of reads) {
    const answer = await fetch(`${server.url}${path}`, { headers: { ...headers, 'Accept-Encoding': 'identity' } });
    const bytes = (await answer.arrayBuffer()).byteLength;
    if (answer.headers.get('content-encoding')) throw new Error(`${path} came compressed (${answer.headers.get('content-encoding')}) though not asked to be`);
    const writer = setInterval(() => {
      void fetch(`${server.url}/api/users/language`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${club.members[1]!.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      }).then(
        (answer) => answer.arrayBuffer(),
        () => undefined,
      );
    }, WRITE_EVERY_MS);
    const run = await runLoad(`${server.url}${path}`, headers, seconds, server.pid).finally(() => clearInterval(writer));
    results.push({ read, path, bytes, answersPerSecond: run.answersPerSecond, p99Ms: run.p99Ms, problems: run.errors + run.timeouts + run.non2xx });
    log(`  ${read}: ${bytes.toLocaleString('en-US')} bytes, ${run.answersPerSecond.toFixed(0)}/s, p99 ${run.p99Ms.toFixed(0)} ms`);
  }
  return results;
}
