// Seeds a club for the benchmark: members, 20 finished rounds (each with its chosen book), a round whose
// poll is open, a round whose discussion has 200 posts, recommendations, reviews, a noticeboard, and what a
// third of the members are reading. Accounts go straight into SQLite (as server/test-support/members.ts
// adds them; logging a thousand members in would wait on password hashing), each with a session token
// signed by the club's own secret, as a login would issue. Everything else goes through the API, so the
// club is exactly what the server writes.
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
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<unknown>): Promise<void> {
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

/** JSON calls to the seeding server; anything but 200 stops the seeding. */
function apiClient(base: string) {
  return async function api<T = unknown>(method: string, apiPath: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(base + apiPath, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`seeding: ${method} ${apiPath} answered ${response.status}: ${answer.slice(0, 300)}`);
    return JSON.parse(answer) as T;
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

/** Seeds a club of `memberCount` members (plus the admin) in a fresh folder under the system's temp folder. */
async function seedThroughApi(memberCount: number, log: (line: string) => void): Promise<SeededClub> {
  let phaseStart = performance.now();
  const phase = (what: string) => {
    log(`  seeded ${what} in ${((performance.now() - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = performance.now();
  };
  const text = new ClubText(memberCount);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bookclub-bench-${memberCount}-`));
  // The first start makes the database and its schema (migrations) and the token-signing secret.
  await (await startServer(serverConfig(dataDir))).close();
  const { adminId, memberIds } = await insertAccounts(dataDir, memberCount, text);
  const secret = loadOrCreateSecret(dataDir);
  const admin = { id: adminId, token: await signToken(adminId, 0, secret) };
  const members = await Promise.all(memberIds.map(async (id) => ({ id, token: await signToken(id, 0, secret) })));
  const member = (i: number) => members[i % members.length]!;
  phase(`${memberCount} members`);

  const server = await startServer(serverConfig(dataDir));
  try {
    const api = apiClient(`http://127.0.0.1:${server.port}`);
    const mod = admin.token;
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
    /** Members vote so that the first option wins outright: five for it, three for the next two. */
    const voteFor = async (pollId: number, options: number[]) => {
      for (let j = 0; j < 8; j++) {
        await api('POST', `/api/polls/${pollId}/vote`, member(nextMember++).token, { postIds: j < 5 ? [options[0]] : options.slice(1, 3) });
      }
    };
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
    phase(`${FINISHED_ROUNDS} finished rounds`);

    const pollRound = await api<Round>('POST', '/api/rounds', mod, { topic: 'Books', title: 'Round 21: the vote', description: null });
    const pollOptionIds = [];
    for (let k = 0; k < 5; k++) pollOptionIds.push((await suggest(pollRound.bookDiscussionId!, 'Books')).postId);
    const pollId = (await api<RoundUpdate>('POST', `/api/rounds/close-discussion/${pollRound.bookDiscussionId}`, mod)).discussion!.pollId!;
    phase('an open poll');

    const bigRound = await api<Round>('POST', '/api/rounds', mod, { topic: 'Books', title: 'Round 22: what next', description: text.markdown(20, 40) });
    const bigDiscussionId = bigRound.bookDiscussionId!;
    for (let k = 0; k < BIG_DISCUSSION_POSTS; k++) await suggest(bigDiscussionId, 'Books');
    phase(`a discussion of ${BIG_DISCUSSION_POSTS} posts`);

    await inParallel(Array.from({ length: RECOMMENDATIONS }), 8, (_, k) =>
      api('POST', '/api/recommendations', member(k * 7).token, {
        title: text.title(),
        author: text.author(),
        pageCount: text.int(100, 800),
        text: text.markdown(40, 140),
      }),
    );
    phase(`${RECOMMENDATIONS} recommendations`);
    const books = await api<{ bookId: number }[]>('GET', '/api/books', mod);
    await inParallel(Array.from({ length: REVIEWS }), 8, (_, k) => {
      const book = books[k % books.length]!;
      // Ten reviews a book, each by a different member.
      return api('POST', `/api/reviews/book/${book.bookId}`, member(Math.floor(k / books.length) * 3 + k).token, {
        rating: k % 6,
        reviewText: text.markdown(30, 120),
      });
    });
    phase(`${REVIEWS} reviews`);
    await inParallel(
      members.filter((_, k) => k % 3 === 0),
      8,
      (reader) => api('POST', '/api/reviews/currentlyreading', reader.token, { title: text.title(), author: text.author() }),
    );
    phase('currently reading of a third of the members');

    return { dataDir, memberCount, admin, members, bigDiscussionId, pollId, pollOptionIds, counts: {}, seedSeconds: 0 };
  } finally {
    await server.close();
  }
}

/**
 * Seeds a club of `memberCount` members (plus the admin) in a fresh folder under the system's temp folder,
 * and counts what it holds once the seeding server has let go of the database.
 */
export async function seedClub(memberCount: number, log: (line: string) => void = () => {}): Promise<SeededClub> {
  const started = performance.now();
  const club = await seedThroughApi(memberCount, log);
  return { ...club, counts: tableCounts(club.dataDir), seedSeconds: (performance.now() - started) / 1000 };
}
