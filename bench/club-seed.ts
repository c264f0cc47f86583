// Seeds a club for the benchmark: members, 20 finished rounds (each with its chosen book, every member
// voting in each poll), a round whose poll is open, a round whose discussion has 200 posts,
// recommendations, reviews, a noticeboard, and what a third of the members are reading. Accounts go
// straight into SQLite (as server/test-support/members.ts adds them; logging a thousand members in would
// wait on password hashing), each with a session token signed by the club's own secret, as a login would
// issue. Everything else goes through the API of the club server under test (the built server in its own
// process, as the benchmark runs it after), so the club is exactly what the server writes and the server's
// memory over the whole run, seeding included, is the one process's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Round, RoundUpdate } from '../shared/api/rounds';
import { hashPassword } from '../server/features/accounts/password';
import { loadOrCreateSecret, signToken } from '../server/http/token';
import { startServer } from '../server/start-server';
import type { ServerConfig } from '../server/settings';
import type { ClubServer } from './club-server-process';
import { ClubText } from './club-text';

export interface SeededMember {
  id: string;
  token: string;
}

export interface SeededClub {
  dataDir: string;
  memberCount: number;
  /** The admin (a moderator too). */
  admin: SeededMember;
  /** Every member but the admin; the first one makes the benchmark's reads. */
  members: SeededMember[];
  /** The open discussion with 200 posts (the current discussion on home). */
  bigDiscussionId: number;
  /** The open poll (the current poll on home) and its options' post ids. */
  pollId: number;
  pollOptionIds: number[];
  /** Rows per table after seeding, and how long it took. */
  counts: Record<string, number>;
  seedSeconds: number;
}

export const FINISHED_ROUNDS = 20;
export const BIG_DISCUSSION_POSTS = 200;
export const RECOMMENDATIONS = 500;
export const REVIEWS = 200;
const PASSWORD = 'bench member password';
/** Ballots the seeding sends at a time (each member votes in every finished round). */
const VOTERS_AT_ONCE = 50;

/** The in-process start that makes the schema and secret. */
function serverConfig(dataDir: string): ServerConfig {
  return {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    siteName: 'Bench club',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    smtpUrl: null,
    rendererDir: null,
    quiet: true,
  };
}

/** Runs `work` over `items`, at most `limit` at a time, in order of start. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Inserts the admin and the members in one transaction; answers their ids. */
async function insertAccounts(dataDir: string, memberCount: number, text: ClubText): Promise<{ adminId: string; memberIds: string[] }> {
  const passwordHash = await hashPassword(PASSWORD);
  const sql = new Database(path.join(dataDir, 'bookclub.db'));
  try {
    const insert = sql.prepare(
      `INSERT INTO "user" ("id", "email", "name", "passwordHash", "aboutMe", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 1, ?)`,
    );
    const now = new Date().toISOString();
    const adminId = crypto.randomUUID();
    const memberIds = Array.from({ length: memberCount }, () => crypto.randomUUID());
    sql.transaction(() => {
      insert.run(adminId, 'host@bench.test', 'Club Host', passwordHash, null, 1, 1, now);
      memberIds.forEach((id, i) => {
        const aboutMe = i % 2 === 0 ? text.markdown(15, 40) : null;
        insert.run(id, `member${String(i + 1).padStart(4, '0')}@bench.test`, text.personName(i), passwordHash, aboutMe, 0, 0, now);
      });
    })();
    return { adminId, memberIds };
  } finally {
    sql.close();
  }
}

/**
 * JSON calls to the club server; anything but 200 stops the seeding. A ballot's answer is not parsed
 * (it is the whole poll, 100 kB in a big club: parsing 20,000 of them would cost the bench seconds).
 */
function apiClient(base: string) {
  return async function api<T = unknown>(method: string, apiPath: string, token: string, body?: unknown, retried = false): Promise<T> {
    const ballot = apiPath.endsWith('/vote');
    const response = await fetch(base + apiPath, {
      method,
      // A ballot's answer is not read: it need not be compressed (20,000 of them, 100 kB each).
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(ballot ? { 'Accept-Encoding': 'identity' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: Error & { cause?: Error }) => {
      // A kept-alive connection the server closed as the bench sent on it (the bench's own timers late on a
      // busy machine): a ballot is sent again once (a member's ballot replaces their last); anything else
      // stops the seeding, saying why.
      if (ballot && !retried) return null;
      throw new Error(`seeding: ${method} ${apiPath} failed: ${error.cause?.message ?? error.message}`);
    });
    if (!response) return api<T>(method, apiPath, token, body, true);
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`seeding: ${method} ${apiPath} answered ${response.status}: ${answer.slice(0, 300)}`);
    return (ballot ? undefined : JSON.parse(answer)) as T;
  };
}

function tableCounts(dataDir: string): Record<string, number> {
  const sql = new Database(path.join(dataDir, 'bookclub.db'), { readonly: true });
  try {
    const tables = ['user', 'round', 'discussion', 'post', 'poll', 'vote', 'book', 'recommendation', 'review', 'currently_reading'];
    return Object.fromEntries(tables.map((table) => [table, (sql.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n]));
  } finally {
    sql.close();
  }
}

/** Starts the club server under test on a data folder, ready once it answers `token`'s GET /api/home. */
export type ServeClub = (dataDir: string, token: string) => Promise<ClubServer>;

/**
 * Seeds a club of `memberCount` members (plus the admin) in a fresh folder under the system's temp folder,
 * through the club server `serve` starts; answers the club and that server, still running. Each step is a
 * phase of the server's memory (ClubServer.phase).
 */
async function seedThroughApi(memberCount: number, serve: ServeClub, log: (line: string) => void): Promise<{ club: SeededClub; server: ClubServer }> {
  let server: ClubServer | null = null;
  let phaseStart = performance.now();
  /** Begins a step: the server's memory phase `seeding <what>`; answers the function that logs its time. */
  const step = (what: string) => {
    server?.phase(`seeding ${what}`);
    phaseStart = performance.now();
    return () => log(`  seeded ${what} in ${((performance.now() - phaseStart) / 1000).toFixed(1)} s`);
  };
  const text = new ClubText(memberCount);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bookclub-bench-${memberCount}-`));
  let seeded = step(`${memberCount} members`);
  // The first start makes the database and its schema (migrations) and the token-signing secret: here, in
  // the bench's own process, before the accounts are written straight into the database.
  await (await startServer(serverConfig(dataDir))).close();
  const { adminId, memberIds } = await insertAccounts(dataDir, memberCount, text);
  const secret = loadOrCreateSecret(dataDir);
  const admin = { id: adminId, token: await signToken(adminId, 0, secret) };
  const members = await Promise.all(memberIds.map(async (id) => ({ id, token: await signToken(id, 0, secret) })));
  const member = (i: number) => members[i % members.length]!;
  seeded();

  server = await serve(dataDir, admin.token);
  try {
    const api = apiClient(server.url);
    const mod = admin.token;
    seeded = step(`${FINISHED_ROUNDS} finished rounds, every member voting`);
    await api('POST', '/api/admin/noticeboard', mod, { text: `# Welcome\n\n${text.markdown(40, 80)}` });

    let nextMember = 0;
    const suggest = (discussionId: number, topic: 'Books' | 'Themes') =>
      api<{ postId: number }>(
        'POST',
        `/api/discussions/${discussionId}`,
        member(nextMember++).token,
        topic === 'Books'
          ? {
              title: text.title(),
              author: text.author(),
              pageCount: text.int(120, 900),
              url: `https://www.goodreads.com/book/show/${text.int(1000, 99999)}`,
              text: text.markdown(60, 160),
            }
          : { title: text.words(2, 4), text: text.markdown(20, 60) },
      );
    /**
     * Every member votes, a few at a time, so that the first option wins outright: half of them for it, the
     * other half spread over the rest.
     */
    const voteFor = (pollId: number, options: number[]) =>
      inParallel(members, VOTERS_AT_ONCE, (voter, i) =>
        api<void>('POST', `/api/polls/${pollId}/vote`, voter.token, { postIds: i % 2 === 0 ? [options[0]] : [options[1 + ((i >> 1) % (options.length - 1))]] }),
      );
    /** Closes a discussion into its poll, votes, closes the poll (and any tiebreaker); answers the outcome. */
    const decide = async (discussionId: number, topic: 'Books' | 'Themes'): Promise<RoundUpdate> => {
      const options = [];
      for (let k = 0; k < (topic === 'Books' ? 4 : 3); k++) options.push((await suggest(discussionId, topic)).postId);
      let pollId = (await api<RoundUpdate>('POST', `/api/rounds/close-discussion/${discussionId}`, mod)).discussion!.pollId!;
      await voteFor(pollId, options);
      for (;;) {
        const update = await api<RoundUpdate>('POST', `/api/rounds/close-poll/${pollId}`, mod);
        if (update.book || (update.discussion && !update.discussion.isClosed)) return update;
        pollId = update.poll!.pollId;
        await voteFor(
          pollId,
          update.poll!.options.map((option) => option.postId),
        );
      }
    };

    for (let i = 0; i < FINISHED_ROUNDS; i++) {
      const topic = i % 5 === 4 ? 'Themes' : 'Books';
      const round = await api<Round>('POST', '/api/rounds', mod, { topic, title: `Round ${i + 1}: ${text.words(2, 3)}`, description: text.markdown(10, 30) });
      let discussionId = topic === 'Books' ? round.bookDiscussionId! : round.themeDiscussionId!;
      if (topic === 'Themes') discussionId = (await decide(discussionId, 'Themes')).discussion!.discussionId;
      await decide(discussionId, 'Books');
    }
    seeded();

    seeded = step('an open poll');
    const pollRound = await api<Round>('POST', '/api/rounds', mod, { topic: 'Books', title: 'Round 21: the vote', description: null });
    const pollOptionIds = [];
    for (let k = 0; k < 5; k++) pollOptionIds.push((await suggest(pollRound.bookDiscussionId!, 'Books')).postId);
    const pollId = (await api<RoundUpdate>('POST', `/api/rounds/close-discussion/${pollRound.bookDiscussionId}`, mod)).discussion!.pollId!;
    seeded();

    seeded = step(`a discussion of ${BIG_DISCUSSION_POSTS} posts`);
    const bigRound = await api<Round>('POST', '/api/rounds', mod, { topic: 'Books', title: 'Round 22: what next', description: text.markdown(20, 40) });
    const bigDiscussionId = bigRound.bookDiscussionId!;
    for (let k = 0; k < BIG_DISCUSSION_POSTS; k++) await suggest(bigDiscussionId, 'Books');
    seeded();

    seeded = step(`${RECOMMENDATIONS} recommendations`);
    await inParallel(Array.from({ length: RECOMMENDATIONS }), 8, (_, k) =>
      api('POST', '/api/recommendations', member(k * 7).token, {
        title: text.title(),
        author: text.author(),
        pageCount: text.int(100, 800),
        text: text.markdown(40, 140),
      }),
    );
    seeded();
    seeded = step(`${REVIEWS} reviews`);
    const books = await api<{ bookId: number }[]>('GET', '/api/books', mod);
    await inParallel(Array.from({ length: REVIEWS }), 8, (_, k) => {
      const book = books[k % books.length]!;
      // Ten reviews a book, each by a different member.
      return api('POST', `/api/reviews/book/${book.bookId}`, member(Math.floor(k / books.length) * 3 + k).token, {
        rating: k % 6,
        reviewText: text.markdown(30, 120),
      });
    });
    seeded();
    seeded = step('currently reading of a third of the members');
    await inParallel(
      members.filter((_, k) => k % 3 === 0),
      8,
      (reader) => api('POST', '/api/reviews/currentlyreading', reader.token, { title: text.title(), author: text.author() }),
    );
    seeded();

    return { club: { dataDir, memberCount, admin, members, bigDiscussionId, pollId, pollOptionIds, counts: {}, seedSeconds: 0 }, server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Seeds a club of `memberCount` members (plus the admin) in a fresh folder under the system's temp folder
 * through the club server `serve` starts, and counts what it holds; answers the club and that server, still
 * running, for the scenarios that follow.
 */
export async function seedClub(
  memberCount: number,
  serve: ServeClub,
  log: (line: string) => void = () => {},
): Promise<{ club: SeededClub; server: ClubServer }> {
  const started = performance.now();
  const { club, server } = await seedThroughApi(memberCount, serve, log);
  // The seeding's newsletters are written in the background: every scenario starts once the club is done.
  await settledMail(club.dataDir, 600, log);
  return { club: { ...club, counts: tableCounts(club.dataDir), seedSeconds: (performance.now() - started) / 1000 }, server };
}

/** Waits until the club has no newsletter left to write and no mail left to send (up to `timeoutSeconds`). */
export async function settledMail(dataDir: string, timeoutSeconds: number, log: (line: string) => void): Promise<void> {
  const sql = new Database(path.join(dataDir, 'bookclub.db'), { readonly: true });
  try {
    const unfinished = sql.prepare(`SELECT (SELECT COUNT(*) FROM "newsletter_issue") + (SELECT COUNT(*) FROM "mail" WHERE "sentOn" IS NULL)`).pluck();
    const started = performance.now();
    let left = unfinished.get() as number;
    if (left > 0) log(`  waiting for ${left} newsletters and mails the club has not finished...`);
    while (left > 0) {
      if (performance.now() - started > timeoutSeconds * 1000)
        throw new Error(`the club still had ${left} newsletters and mails to finish after ${timeoutSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = unfinished.get() as number;
    }
  } finally {
    sql.close();
  }
}
