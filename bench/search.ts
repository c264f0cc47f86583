/**
 * Search latency at scale: a club with 50,000 posts and 20,000 recommendations, searched over HTTP the way
 * the app does. Run with `npm run bench`. Prints the median and 99th percentile per query shape and overall.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createMarkdown } from '../server/markdown';
import { startServer } from '../server/start-server';

const POSTS = Number(process.env.BENCH_POSTS ?? 50_000);
const RECOMMENDATIONS = Number(process.env.BENCH_RECOMMENDATIONS ?? 20_000);
const ROUNDS_PER_QUERY = Number(process.env.BENCH_ROUNDS ?? 30);

// Real words a club writes about, Slovak and English, diacritics included; they take ranks 10 to ~3,000 of a
// Zipf-distributed vocabulary whose other 30,000 words are made up, so word frequencies look like prose:
// a few words are everywhere, most are rare.
const REAL_WORDS = (
  'kniha knihy knihou čítať čítanie príbeh román autor autorka hrdina svet vojna láska rodina dedina mesto ' +
  'more hory zima leto jeseň jar detstvo pamäť smrť život nádej strach sen noc deň ráno večer cesta domov ' +
  'book story novel author hero world war love family village city sea mountains winter summer autumn ' +
  'spring childhood memory death life hope fear dream night day morning evening journey home science fiction ' +
  'fantasy mystery history poetry classic modern translation chapter character plot ending beginning darkness ' +
  'light river forest island kingdom empire robot planet star ship letter diary secret garden library teacher'
).split(' ');
const STOP_WORDS = 'the and of to a in je na sa že'.split(' ');
const SYLLABLES = 'ka ro mi ne la to pe su da vi zo ra mo li ke an or el is ut'.split(' ');

function vocabulary(random: () => number): string[] {
  const made = new Set<string>();
  while (made.size < 30_000) made.add(Array.from({ length: 2 + Math.floor(random() * 3) }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  const words = [...STOP_WORDS, ...made];
  for (const word of REAL_WORDS) words.splice(10 + Math.floor(random() * 3000), 0, word);
  return words;
}

/** Samples ranks with P(r) proportional to 1 / r^1.07. */
function zipf(size: number, random: () => number) {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) cdf[r] = sum += 1 / Math.pow(r + 1, 1.07);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

function seedClub(file: string) {
  const random = rng(42);
  const words_ = vocabulary(random);
  const rank = zipf(words_.length, random);
  const pick = () => words_[rank()]!;
  const words = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min)) }, pick).join(' ');
  // Stored as the app stores them: markdown beside its rendered HTML.
  const markdown = createMarkdown();
  const sql = new Database(file);
  const now = new Date().toISOString();
  const owners = Array.from({ length: 40 }, (_, i) => {
    const id = crypto.randomUUID();
    sql
      .prepare(
        `INSERT INTO "user" ("id", "email", "name", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn") VALUES (?, ?, ?, 0, 0, 0, 1, ?)`,
      )
      .run(id, `reader${i}@bench.test`, `Reader ${i}`, now);
    return id;
  });
  sql.transaction(() => {
    const round = sql.prepare(`INSERT INTO "round" ("title", "topic", "createdOn") VALUES ('Bench', 'Books', ?)`).run(now).lastInsertRowid;
    const discussions = Array.from(
      { length: 500 },
      () =>
        sql.prepare(`INSERT INTO "discussion" ("roundId", "title", "topic", "createdOn") VALUES (?, 'Bench discussion', 'Books', ?)`).run(round, now)
          .lastInsertRowid,
    );
    const post = sql.prepare(
      `INSERT INTO "post" ("discussionId", "ownerId", "title", "author", "pageCount", "text", "renderedText", "createdOn", "modifiedOn") VALUES (?, ?, ?, ?, 300, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < POSTS; i++) {
      // Some posts name a genre or a title the phrase queries look for, as real suggestions do.
      const text = words(20, 120) + (i % 40 === 0 ? ' science fiction' : i % 40 === 1 ? ' the secret garden' : '');
      post.run(discussions[i % discussions.length], owners[i % owners.length], words(2, 6), `${pick()} ${pick()}`, text, markdown.render(text), now, now);
    }
    const rec = sql.prepare(
      `INSERT INTO "recommendation" ("ownerId", "title", "author", "pageCount", "text", "renderedText", "createdOn", "modifiedOn") VALUES (?, ?, ?, 250, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < RECOMMENDATIONS; i++) {
      const text = words(20, 100);
      rec.run(owners[i % owners.length], words(2, 6), `${pick()} ${pick()}`, text, markdown.render(text), now, now);
    }
  })();
  sql.prepare(`INSERT INTO "search_index" ("search_index") VALUES ('optimize')`).run();
  sql.close();
  return owners;
}

const QUERIES: Record<string, string[]> = {
  'one word': ['kniha', 'darkness', 'library', 'planet', 'rodina'],
  'two words': ['love story', 'winter journey', 'secret garden', 'vojna láska'],
  prefix: ['knih*', 'child*', 'fant*', 'čít*'],
  phrase: ['"science fiction"', '"secret garden"', '"kniha príbeh"'],
  'no diacritics': ['citat', 'laska', 'pamat', 'jesen'],
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-bench-'));
  // Start once to create and migrate the database, then seed it directly.
  const first = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    siteName: 'Bench',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    smtpUrl: null,
    rendererDir: null,
    quiet: true,
  });
  await first.close();
  const seedStart = performance.now();
  seedClub(path.join(dataDir, 'bookclub.db'));
  console.log(`seeded ${POSTS} posts and ${RECOMMENDATIONS} recommendations in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const server = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    siteName: 'Bench',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    smtpUrl: null,
    rendererDir: null,
    quiet: true,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const setup = await fetch(`${base}/api/accounts/registerfirstadmin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench password' }),
  });
  if (!setup.ok) {
    // The seeded users exist, so setup is closed: sign in as a seeded reader given a password instead.
    const sql = new Database(path.join(dataDir, 'bookclub.db'));
    const { hashPassword } = await import('../server/features/accounts/password');
    sql.prepare(`UPDATE "user" SET "passwordHash" = ? WHERE "email" = 'reader0@bench.test'`).run(await hashPassword('bench password'));
    sql.close();
  }
  const login = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'reader0@bench.test', password: 'bench password' }),
  });
  const { token } = (await login.json()) as { token: string };

  const all: number[] = [];
  const rows: string[] = [];
  for (const [shape, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let results = 0;
    for (let round = 0; round < ROUNDS_PER_QUERY; round++) {
      for (const query of queries) {
        const started = performance.now();
        const res = await fetch(`${base}/api/search?query=${encodeURIComponent(query)}`, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await res.json()) as unknown[];
        times.push(performance.now() - started);
        if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
        results += body.length;
      }
    }
    // The first round warms SQLite's page cache; it is measured like the rest.
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(
      `${shape.padEnd(14)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms   (${(results / times.length).toFixed(0)} results a query)`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(rows.join('\n'));
  console.log(
    `${'all'.padEnd(14)} median ${percentile(all, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(all, 99).toFixed(1).padStart(6)} ms   over ${all.length} searches`,
  );
  await server.close();
  if (process.env.BENCH_KEEP) console.log(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
