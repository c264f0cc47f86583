// Every member of the club votes in the open poll at the same moment: one raw HTTP request each, each on
// its own connection, all sent at once. Then the database says whether every ballot is there exactly as
// sent: none lost, none doubled, none mixed up with another member's.
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ClubServer } from './club-server-process';
import type { SeededClub } from './club-seed';
import { cpuMs, othersCpuMeter } from './proc-stats';
import { percentile } from './stats';

export interface VoteStormResult {
  voters: number;
  /** Answers by status (0: no answer: the connection failed). */
  statuses: Record<string, number>;
  seconds: number;
  /** Ballots answered 200, per second from the first request to the last answer. */
  votesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Members whose ballot is not in the database (whatever they were answered). */
  lost: number;
  /** Ballot rows beyond one per member, or choices beyond those sent. */
  doubled: number;
  /** Members whose stored choices differ from what they sent. */
  mixed: number;
  /** Voters the poll's own answer lists (GET /api/polls/{id}), and the sum of its counts. */
  answeredVoters: number;
  cpuMsPerVote: number;
  /** Share of all CPUs that processes other than the benchmark and the server used meanwhile. */
  othersCpuShare: number;
  /** The first few connection errors, if any. */
  errors: string[];
}

/** How long a voter waits for an answer before giving up (the bench waits for every one). */
const ANSWER_TIMEOUT_MS = 120_000;

/** The ballot member i sends: one option, or for every third member two (approval voting). */
export function ballotOf(i: number, options: readonly number[]): number[] {
  const first = options[i % options.length]!;
  return i % 3 === 0 ? [first, options[(i + 1) % options.length]!] : [first];
}

function post(url: string, token: string, body: string): Promise<{ status: number; ms: number; error?: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Accept: 'application/json',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, error: error.message }));
    request.setTimeout(ANSWER_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
    request.end(body);
  });
}

export async function measureVoteStorm(club: SeededClub, server: ClubServer): Promise<VoteStormResult> {
  const url = `${server.url}/api/polls/${club.pollId}/vote`;
  const ballots = club.members.map((_, i) => ballotOf(i, club.pollOptionIds));
  const cpuBefore = cpuMs(server.pid);
  const others = othersCpuMeter([server.pid]);
  const started = performance.now();
  const answers = await Promise.all(club.members.map((member, i) => post(url, member.token, JSON.stringify({ postIds: ballots[i] }))));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(server.pid) - cpuBefore;
  const othersCpuShare = others();
  if (server.ended()) throw new Error(`the club server ${server.ended()} during the vote storm`);

  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const accepted = answers.filter((answer) => answer.status === 200).length;
  // A ballot whose voter gave up may still be written after: the poll's own answer, then the database, are
  // read once the server has answered this read (after everything before it).
  const poll = await fetch(`${server.url}/api/polls/${club.pollId}`, { headers: { Authorization: `Bearer ${club.members[0]!.token}` } });
  const info = (await poll.json()) as { poll: { results: { alreadyVoted: string[] } } };

  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  let lost = 0;
  let doubled = 0;
  let mixed = 0;
  try {
    const voteRows = sql.prepare(`SELECT "userId", COUNT(*) AS n FROM "vote" WHERE "pollId" = ? GROUP BY "userId"`).all(club.pollId) as {
      userId: string;
      n: number;
    }[];
    const choiceRows = sql.prepare(`SELECT "userId", "postId" FROM "vote_choice" WHERE "pollId" = ?`).all(club.pollId) as { userId: string; postId: number }[];
    const votes = new Map(voteRows.map((row) => [row.userId, row.n]));
    const choices = new Map<string, number[]>();
    for (const row of choiceRows) choices.set(row.userId, [...(choices.get(row.userId) ?? []), row.postId]);
    club.members.forEach((member, i) => {
      const n = votes.get(member.id) ?? 0;
      if (n === 0) lost++;
      doubled += Math.max(0, n - 1);
      const stored = (choices.get(member.id) ?? []).sort((a, b) => a - b);
      const sent = [...ballots[i]!].sort((a, b) => a - b);
      doubled += Math.max(0, stored.length - sent.length);
      if (n > 0 && stored.join() !== sent.join()) mixed++;
    });
    // Ballots by anyone the bench did not send for (the admin did not vote).
    doubled += voteRows.filter((row) => !club.members.some((member) => member.id === row.userId)).length;
  } finally {
    sql.close();
  }

  const times = answers.map((answer) => answer.ms);
  return {
    voters: club.members.length,
    statuses,
    seconds,
    votesPerSecond: accepted / seconds,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    lost,
    doubled,
    mixed,
    answeredVoters: info.poll.results.alreadyVoted.length,
    cpuMsPerVote: cpu / Math.max(1, accepted),
    othersCpuShare,
    errors: [...new Set(answers.flatMap((answer) => (answer.error ? [answer.error] : [])))].slice(0, 5),
  };
}
