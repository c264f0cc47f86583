// A ballot storm: every member of the club votes in the open poll several times over (members may change
// their vote while a poll is open), all the ballots sent at the same moment, each as one raw HTTP request
// on a connection of its own. Then the database says whether each member's stored vote is the ballot they
// were answered last: none lost, none doubled, none stale or mixed up with another member's.
//
// Each request's time is split where a connection can wait: until the TCP handshake completes (a SYN the
// system dropped is sent again after 1 s, 3 s, 7 s), then until the answer's first byte (the server has to
// accept the connection, read the request and handle it), then until its last byte.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { ClubServer } from './club-server-process';
import type { SeededClub } from './club-seed';
import { cpuMs, listenCounters, listenCountersSince, othersCpuMeter, type ListenCounters } from './proc-stats';
import { percentile } from './stats';

/** p50, p99 and the slowest, in milliseconds. */
export interface Spread {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface VoteStormResult {
  members: number;
  ballotsPerMember: number;
  /** The answer the voters asked for: the voter's receipt (our renderer's) or the whole poll (Obskurnee's client). */
  asked: VoteStormOptions['answer'];
  /** Requests sent (members × ballots per member). */
  ballots: number;
  /** Answers by status (0: no answer: the connection failed or timed out). */
  statuses: Record<string, number>;
  /** From the first request to the last answer. */
  seconds: number;
  /** Ballots answered 200, per second from the first request to the last answer. */
  votesPerSecond: number;
  /**
   * Each ballot's wait: from its request written (its connection made) to the whole answer. It leaves out
   * the time this process took to open its 3,000 connections, which a thousand browsers open each their own.
   */
  answer: Spread;
  /** From the storm's start to each whole answer (the time this process took to open the connections included). */
  sinceStart: Spread;
  /**
   * From the storm's start to each TCP handshake done: this process opening 3,000 connections one after
   * the other (some 0.2 ms each here), plus any SYN the system dropped and the client sent again (1 s, 3 s, 7 s).
   */
  connect: Spread;
  /** Handshake done to the answer's first byte: waiting to be accepted and read, then the server's handling. */
  firstByte: Spread;
  /** The server's own handling of a ballot (its request log: from Koa's first middleware to the answer). */
  serverHandling: Spread | null;
  /** Connections the system turned away meanwhile (its counters: the listen backlog was full, SYNs dropped). */
  listen: ListenCounters;
  /**
   * The longest this process's event loop was held up: all the voters live in it, so their times include
   * its own waits (reading 3,000 answers at once); a browser waits only for its own.
   */
  clientLoopDelayMaxMs: number;
  /** Requests whose answer took longer than `ANSWERED_WITHIN_MS`, or never came. */
  slow: number;
  /** Bytes of one 200 answer to a ballot (its body as sent: compressed, as a browser asks). */
  answerBytes: number;
  /** Members with a ballot answered 200 but no vote stored. */
  lost: number;
  /** Vote rows beyond one per member, ballots by anyone the bench did not send for, or choices beyond those sent. */
  doubled: number;
  /** Members whose stored choices are not the ballot they were answered last (an earlier one, or nobody's). */
  mixed: number;
  /** Voters the poll's own answer lists (GET /api/polls/{id}). */
  answeredVoters: number;
  cpuMsPerVote: number;
  /** Share of all CPUs that processes other than the benchmark and the server used meanwhile. */
  othersCpuShare: number;
  /** The first few connection errors, if any. */
  errors: string[];
}

export interface VoteStormOptions {
  ballotsPerMember: number;
  /**
   * What each voter asks the vote to answer: 'receipt' (`?answer=receipt`, as our renderer asks: the
   * voter's ballot and the poll's state) or 'whole' (the whole poll with every voter, as Obskurnee's client reads it).
   */
  answer: 'receipt' | 'whole';
}

/** The bar: every ballot of the storm answered within this. */
export const ANSWERED_WITHIN_MS = 5_000;
/** What a member's browser asks for (Chromium's and Firefox's Accept-Encoding): a big answer comes compressed. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** How long a voter waits for an answer before giving up (the bench waits for every one). */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * The ballot member `i` sends the `k`-th time: one option, or for every third member two (approval voting).
 * A member's ballots differ from each other (k < options), so the stored one tells which was written last.
 */
export function ballotOf(i: number, k: number, options: readonly number[]): number[] {
  const first = options[(i + k) % options.length]!;
  return i % 3 === 0 ? [first, options[(i + k + 1) % options.length]!] : [first];
}

interface Answer {
  status: number;
  /** Each since the storm started. */
  connectedAt: number;
  firstByteAt: number;
  endAt: number;
  /** The order answers ended in, over the whole storm. */
  order: number;
  bytes: number;
  error?: string;
}

function spread(values: number[]): Spread {
  return { p50Ms: percentile(values, 50), p99Ms: percentile(values, 99), maxMs: values.length ? Math.max(...values) : Number.NaN };
}

let answersEnded = 0;

/**
 * One ballot as raw HTTP/1.1 on a connection of its own (Connection: close), read as far as the status
 * line and Content-Length: a light client, so that 3,000 of them in this one process wait on the server
 * and the system rather than on node:http's parser and objects here (which held this process's event
 * loop for half a second at a time and made each voter look slower than the server left it).
 */
function post(target: URL, token: string, body: string, started: number): Promise<Answer> {
  const request = Buffer.from(
    `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json\r\nAccept-Encoding: ${BROWSER_ACCEPT_ENCODING}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  const answer: Answer = { status: 0, connectedAt: Number.NaN, firstByteAt: Number.NaN, endAt: Number.NaN, order: -1, bytes: 0 };
  return new Promise((resolve) => {
    let head = '';
    let bodyLength = -1;
    let ended = false;
    const done = (error?: Error) => {
      if (ended) return;
      ended = true;
      answer.endAt = performance.now() - started;
      answer.order = answersEnded++;
      if (error) {
        answer.status = 0;
        answer.error = error.message;
      }
      socket.destroy();
      resolve(answer);
    };
    const socket = net.connect({ host: target.hostname, port: Number(target.port) });
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => done(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
    socket.once('connect', () => {
      answer.connectedAt = performance.now() - started;
      socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => {
      if (Number.isNaN(answer.firstByteAt)) answer.firstByteAt = performance.now() - started;
      if (bodyLength < 0) {
        head += chunk.toString('latin1');
        const headEnd = head.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        answer.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        bodyLength = Number(/\r\ncontent-length: *(\d+)/i.exec(head.slice(0, headEnd))?.[1] ?? Number.NaN);
        answer.bytes = head.length - headEnd - 4;
        head = '';
      } else answer.bytes += chunk.length;
      if (answer.bytes >= bodyLength) done();
    });
    // Without a Content-Length the answer ends with the connection.
    socket.on('end', () => done(answer.status ? undefined : new Error('the connection closed without an answer')));
    socket.on('error', (error) => done(error));
  });
}

/** The handling times the server logged for `POST <votePath>` after `offset` in its log. */
function loggedHandlingMs(logFile: string, offset: number, votePath: string): number[] {
  const text = fs.readFileSync(logFile, 'utf8').slice(offset);
  const line = new RegExp(`^POST ${votePath.replace(/[/]/g, '\\/')} \\d+ ([\\d.]+) ms$`, 'gm');
  return [...text.matchAll(line)].map((match) => Number(match[1]));
}

export async function measureVoteStorm(club: SeededClub, server: ClubServer, { ballotsPerMember, answer }: VoteStormOptions): Promise<VoteStormResult> {
  const votePath = `/api/polls/${club.pollId}/vote`;
  const target = new URL(`${server.url}${votePath}${answer === 'receipt' ? '?answer=receipt' : ''}`);
  const members = club.members;
  // The k-th ballot of every member, then the (k+1)-th: a member's ballots go out in order, a storm apart.
  const sends = Array.from({ length: ballotsPerMember }, (_, k) => members.map((member, i) => ({ member: i, k, token: member.token }))).flat();
  const logOffset = fs.statSync(server.logFile).size;
  const cpuBefore = cpuMs(server.pid);
  const others = othersCpuMeter([server.pid]);
  answersEnded = 0;
  const listenBefore = listenCounters();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const answers = await Promise.all(
    sends.map((send) => post(target, send.token, JSON.stringify({ postIds: ballotOf(send.member, send.k, club.pollOptionIds) }), started)),
  );
  const seconds = (performance.now() - started) / 1000;
  loopDelay.disable();
  const listen = listenCountersSince(listenBefore);
  const cpu = cpuMs(server.pid) - cpuBefore;
  const othersCpuShare = others();
  if (server.ended()) throw new Error(`the club server ${server.ended()} during the vote storm`);

  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const accepted = answers.filter((answer) => answer.status === 200);
  // A ballot whose voter gave up may still be written after: the poll's own answer, then the database, are
  // read once the server has answered this read (after everything before it).
  const poll = await fetch(`${server.url}/api/polls/${club.pollId}`, { headers: { Authorization: `Bearer ${club.admin.token}` } });
  const info = (await poll.json()) as { poll: { results: { alreadyVoted: string[] } } };
  // The request log is written a tenth of a second late at most.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const handling = loggedHandlingMs(server.logFile, logOffset, votePath);

  // What each member was answered last: the ballot whose 200 answer ended last.
  const lastAnswered = new Map<number, number[]>();
  const lastOrder = new Map<number, number>();
  answers.forEach((answer, j) => {
    const send = sends[j]!;
    if (answer.status !== 200 || answer.order < (lastOrder.get(send.member) ?? -1)) return;
    lastOrder.set(send.member, answer.order);
    lastAnswered.set(send.member, ballotOf(send.member, send.k, club.pollOptionIds));
  });

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
    members.forEach((member, i) => {
      const n = votes.get(member.id) ?? 0;
      const expected = lastAnswered.get(i);
      if (n === 0 && expected) lost++;
      doubled += Math.max(0, n - 1);
      const stored = (choices.get(member.id) ?? []).sort((a, b) => a - b);
      const sent = [...(expected ?? [])].sort((a, b) => a - b);
      if (new Set(stored).size < stored.length) doubled += stored.length - new Set(stored).size;
      if (n > 0 && expected && stored.join() !== sent.join()) mixed++;
    });
    // Ballots by anyone the bench did not send for (the admin did not vote).
    const ids = new Set(members.map((member) => member.id));
    doubled += voteRows.filter((row) => !ids.has(row.userId)).length;
  } finally {
    sql.close();
  }

  const total = answers.map((answer) => (answer.status && Number.isFinite(answer.connectedAt) ? answer.endAt - answer.connectedAt : Infinity));
  const connected = answers.filter((answer) => Number.isFinite(answer.connectedAt));
  const firstBytes = connected.filter((answer) => Number.isFinite(answer.firstByteAt));
  return {
    asked: answer,
    members: members.length,
    ballotsPerMember,
    ballots: sends.length,
    statuses,
    seconds,
    votesPerSecond: accepted.length / seconds,
    answer: spread(total),
    sinceStart: spread(answers.map((answer) => (answer.status ? answer.endAt : Infinity))),
    connect: spread(connected.map((answer) => answer.connectedAt)),
    firstByte: spread(firstBytes.map((answer) => answer.firstByteAt - answer.connectedAt)),
    serverHandling: handling.length ? spread(handling) : null,
    listen,
    clientLoopDelayMaxMs: loopDelay.max / 1e6,
    slow: total.filter((ms) => !(ms <= ANSWERED_WITHIN_MS)).length,
    answerBytes: accepted[0]?.bytes ?? 0,
    lost,
    doubled,
    mixed,
    answeredVoters: info.poll.results.alreadyVoted.length,
    cpuMsPerVote: cpu / Math.max(1, accepted.length),
    othersCpuShare,
    errors: [...new Set(answers.flatMap((answer) => (answer.error ? [answer.error] : [])))].slice(0, 5),
  };
}
