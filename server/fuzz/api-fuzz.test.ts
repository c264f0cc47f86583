import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../shared/api/discussions';
import type { DatePoll } from '../../shared/api/date-polls';
import type { CalendarFeed, Meeting } from '../../shared/api/meetings';
import type { PartComment, PartComments, ReadingSchedule } from '../../shared/api/reading-plan';
import type { Recommendation } from '../../shared/api/recommendations';
import type { CurrentlyReading } from '../../shared/api/users';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { MEMBER_PASSWORD, addMember, type TestMember } from '../test-support/members';
import { requestFrom } from '../test-support/raw-http';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer } from '../test-support/test-server';
import { startFakeOpenLibrary } from '../features/lookup/fake-open-library';
import { startFakeShelfSites } from '../features/shelves/fake-shelf-sites';
import { DatabaseFingerprinter, fingerprintDiff } from './db-fingerprint';
import { closeAgent, problemsWith, send, type Answer } from './fuzz-client';
import { hashSeed, mulberry32 } from './prng';
import { selectCases } from './select-cases';
import { hashesPasswords } from './request-parts';
import { AWKWARD_STRINGS } from './values';
import { operationsOf, recipesFor, type CaseContext, type FuzzCase, type OpenApiDocument, type Operation } from './openapi-cases';

/**
 * Every route of the served OpenAPI document, for every role, gets bad input made from its documented
 * schemas (see openapi-cases.ts). Whatever comes back: never a 5xx (but 503 with Retry-After where the
 * route hashes passwords), every 4xx is problem details that agree with the status, a role the document
 * refuses never gets a 2xx, and a refused request leaves every table as it was.
 *
 * Deterministic: FUZZ_SEED (default below) seeds everything; a failure names the seed, role and case.
 * FUZZ_ONLY="POST /api/rounds" narrows the run to the routes whose "METHOD path" contains it;
 * FUZZ_SCALE=4 sends four times as many cases per route (for a longer hunt on a developer's machine);
 * FUZZ_DEBUG=1 prints each route's valid-looking request and its answer per role (FUZZ_DEBUG=all: every case).
 * No case reaches the internet: links in queries are never Goodreads pages, so the scraper never fetches, and
 * the book lookup asks a fake Open Library on 127.0.0.1, and shelves a fake Goodreads and StoryGraph.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE ?? 1));
const ONLY = process.env.FUZZ_ONLY;

/** Cases per route and role: a role that may call it, one that may not, and routes that hash passwords. */
const BUDGET = { allowed: Math.round(34 * SCALE), refused: Math.round(6 * SCALE), hashing: Math.round(8 * SCALE) };
const ROUTE_TIMEOUT_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Role = 'visitor' | 'member' | 'moderator' | 'admin' | 'bot';
const ROLES: Role[] = ['visitor', 'bot', 'member', 'moderator', 'admin'];

/** Whether the document says this role may call the operation (`x-role`, `x-bots`). */
function mayCall(op: Operation, role: Role): boolean {
  if (op.role === 'anonymous') return true;
  if (role === 'visitor') return false;
  if (role === 'bot') return op.role === 'member' && op.botsMay;
  const rank = { member: 1, moderator: 2, admin: 3 } as const;
  return rank[role] >= (rank[op.role as keyof typeof rank] ?? 99);
}

// The document is read from a running club before the tests are declared: one test per route it lists.
// Calendar feeds and book lookups are throttled (60 a minute): the fuzz's own requests would mostly meet the 429.
const openLibrary = await startFakeOpenLibrary();
const shelfSites = await startFakeShelfSites();
shelfSites.goodreads('1001', 'currently-reading', [{ bookId: '1', title: 'Fuzz Reading' }]);
shelfSites.goodreads('1001', 'read', []);
const club = await startTestServer({
  loginThrottle: { stepDelayMs: 1 },
  feedFetchesPerMinute: 100_000,
  openLibrary: { url: openLibrary.url, coversUrl: openLibrary.url, timeoutMs: 2_000 },
  bookLookupsPerMinute: 100_000,
  shelves: { goodreadsUrl: shelfSites.url, storygraphUrl: shelfSites.url, intervalHours: 0, timeoutMs: 2_000, syncsPerMinute: 100_000 },
});
const docAnswer = await club.call<OpenApiDocument>('GET', '/api/openapi.json');
if (docAnswer.status !== 200) throw new Error(`GET /api/openapi.json answered ${docAnswer.status}`);
const doc = docAnswer.body;
const operations = operationsOf(doc).filter((op) => !ONLY || `${op.method} ${op.path}`.includes(ONLY));

const tokens: Partial<Record<Role, string>> = {};
let signIns: Partial<Record<Role, { email: string; password: string }>> = {};

/** After POST /api/host/end-sessions (which ends every session, the fuzz's own too): everyone signs in again. */
async function signInAgain(): Promise<void> {
  for (const [role, credentials] of Object.entries(signIns) as [Role, { email: string; password: string }][]) {
    // From an address of its own: the fuzz's failed sign-ins have the usual one throttled by now (429).
    const login = await requestFrom(`${club.url}/api/accounts/login`, { method: 'POST', from: '127.0.0.77', body: credentials });
    if (login.status !== 200) throw new Error(`${role} could not sign in again: ${login.status}`);
    tokens[role] = (login.body as { token: string }).token;
  }
  // The fixtures' own posts and feed are the member's.
  memberToken = tokens.member!;
}
let fingerprinter: DatabaseFingerprinter;
let context: CaseContext;
let emails = 0;
const stats = { requests: 0, statuses: new Map<number, number>(), slowest: [] as [string, number][] };

beforeAll(async () => {
  tokens.admin = await setUpClub(club);
  const member: TestMember = await addMember(club, { name: 'Fuzz Member' });
  tokens.member = member.token;
  const moderator = await addMember(club, { name: 'Fuzz Moderator', moderator: true });
  tokens.moderator = moderator.token;
  const bot = await addMember(club, { name: 'Fuzz Bot', bot: true });
  tokens.bot = bot.token;
  signIns = {
    admin: ADMIN,
    member: { email: member.email, password: MEMBER_PASSWORD },
    moderator: { email: moderator.email, password: MEMBER_PASSWORD },
    bot: { email: bot.email, password: MEMBER_PASSWORD },
  };
  // Routes that name a member by email get this one, who signs nobody's requests: whatever a fuzzed
  // request does to it (promote, edit, disable) leaves the callers' roles as they are.
  const target = await addMember(club, { name: 'Fuzz Target' });
  const admin = tokens.admin;

  // A round that ended with a book; the open discussion, poll and entry come from keepFixturesOpen.
  const first = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Fuzz round one' });
  const firstPost = await ok<Post>(club, 'POST', `/api/discussions/${first.bookDiscussionId}`, member.token, bookSuggestion('Fuzz Book One'));
  const firstPoll = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${first.bookDiscussionId}`, admin)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${firstPoll}/vote`, member.token, { postIds: [firstPost.postId] });
  const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${firstPoll}`, admin)).book!;
  const recommendation = await ok<Recommendation>(club, 'POST', '/api/recommendations', member.token, bookSuggestion('Fuzz Recommendation'));
  await ok(club, 'POST', `/api/reviews/book/${book.bookId}`, member.token, { rating: 4, reviewText: 'Fuzz review.' });

  context = {
    doc,
    fixtures: {
      bookId: book.bookId,
      parentPostId: firstPost.postId,
      recommendationId: recommendation.recommendationId,
      parentRecommendationId: recommendation.recommendationId,
      userId: member.userId,
      email: target.email,
      file: 'swagger-ui.css',
      // The fake Goodreads serves this member's shelves (the valid-looking link and read-now).
      profileUrl: 'https://www.goodreads.com/user/show/1001',
      // A meeting's times, valid when the suite runs: a start ahead, an end after it.
      startsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY_MS + 2 * 60 * 60 * 1000).toISOString(),
      // A date poll's proposed dates, valid when the suite runs: two, ahead, apart.
      options: [40, 41].map((days) => ({ startsAt: new Date(Date.now() + days * DAY_MS).toISOString() })),
      // A reading schedule of one part, due ahead (keepFixturesOpen adds the part's id, so a valid-looking edit keeps it).
      parts: [{ title: 'Fuzz part', toPage: 100, dueOn: new Date(Date.now() + 7 * DAY_MS).toISOString() }],
    },
    freshEmail: () => `fuzz-${++emails}@club.test`,
  };
  memberToken = member.token;
  await keepFixturesOpen();
  fingerprinter = new DatabaseFingerprinter(club.dataDir);
}, 60_000);

let memberToken: string;

/**
 * Fuzzed requests that succeed may close the discussion, close the poll, remove the entry, cancel the meeting,
 * pick or cancel the date poll, replace the book's reading schedule, delete the part's comment, or replace the
 * calendar feed that the valid-looking requests name; before each route, whichever is gone is made again, so
 * every route meets an open discussion with a post, an open poll with a vote, a currently-reading entry, an
 * upcoming meeting, an open date poll, a part of the schedule with a comment and a working feed.
 */
async function keepFixturesOpen(): Promise<void> {
  const fixtures = context.fixtures;
  const admin = tokens.admin!;
  const discussion = fixtures.discussionId ? await club.call('GET', `/api/discussions/${fixtures.discussionId}`, { token: admin }) : undefined;
  if (discussion?.status !== 200 || discussion.body.isClosed) {
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Fuzz open discussion' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, memberToken, bookSuggestion('Fuzz Post'));
    fixtures.discussionId = round.bookDiscussionId;
    fixtures.postId = post.postId;
  }
  const poll = fixtures.pollId ? await club.call('GET', `/api/polls/${fixtures.pollId}`, { token: admin }) : undefined;
  if (poll?.status !== 200 || poll.body.poll.isClosed) {
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Fuzz open poll' });
    const option = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, memberToken, bookSuggestion('Fuzz Option'));
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, admin)).discussion!.pollId!;
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, memberToken, { postIds: [option.postId] });
    fixtures.pollId = pollId;
    fixtures.postIds = [option.postId];
  }
  const meeting = fixtures.meetingId ? await club.call('GET', `/api/meetings/${fixtures.meetingId}`, { token: admin }) : undefined;
  if (meeting?.status !== 200 || meeting.body.isCancelled) {
    const start = Date.now() + 60 * DAY_MS;
    fixtures.meetingId = (await ok<Meeting>(club, 'POST', '/api/meetings', admin, { startsAt: new Date(start).toISOString(), place: 'Fuzz place' })).meetingId;
  }
  const datePoll = fixtures.datePollId ? await club.call<DatePoll>('GET', `/api/date-polls/${fixtures.datePollId}`, { token: admin }) : undefined;
  if (datePoll?.status !== 200 || datePoll.body.isClosed) {
    const opened = await ok<DatePoll>(club, 'POST', '/api/date-polls', admin, { title: 'Fuzz evening', options: fixtures.options, place: 'Fuzz place' });
    fixtures.datePollId = opened.datePollId;
    fixtures.optionId = opened.options[0]!.optionId;
  }
  const partPath = `/api/books/${fixtures.bookId}/parts/${fixtures.partId}`;
  const part = fixtures.partId ? await club.call<PartComments>('GET', `${partPath}/comments`, { token: admin }) : undefined;
  if (part?.status !== 200 || !part.body.comments.some((comment) => comment.commentId === fixtures.commentId)) {
    // The admin comments: finished with the book, every part is open to them.
    await ok(club, 'PUT', `/api/books/${fixtures.bookId}/progress`, admin, { finished: true });
    if (part?.status !== 200) {
      const parts = (fixtures.parts as { partId?: number }[]).map(({ partId: _gone, ...fields }) => fields);
      const schedule = await ok<ReadingSchedule>(club, 'PUT', `/api/books/${fixtures.bookId}/schedule`, admin, { parts });
      fixtures.partId = schedule.parts[0]!.partId;
      fixtures.parts = parts.map((fields) => ({ partId: fixtures.partId, ...fields }));
    }
    const comment = await ok<PartComment>(club, 'POST', `/api/books/${fixtures.bookId}/parts/${fixtures.partId}/comments`, admin, { text: 'Fuzz comment.' });
    fixtures.commentId = comment.commentId;
  }
  const feed = fixtures.feedFile ? await club.call('GET', `/api/calendar/${fixtures.feedFile}`) : undefined;
  if (feed?.status !== 200) {
    fixtures.feedFile = (await ok<CalendarFeed>(club, 'POST', '/api/users/calendar-feed', memberToken)).url!.split('/').pop();
  }
  const reading = await ok<CurrentlyReading[]>(club, 'GET', '/api/reviews/currentlyreading', admin);
  if (!reading.some((entry) => entry.entryId === fixtures.entryId)) {
    fixtures.entryId = (await ok<CurrentlyReading>(club, 'POST', '/api/reviews/currentlyreading', memberToken, { title: 'Fuzz Reading' })).entryId;
  }
}

afterAll(async () => {
  const statuses = [...stats.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  const slowest = stats.slowest
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `API fuzz, seed ${SEED}: ${stats.requests} requests over ${operations.length} routes; ${statuses.join(', ')}; ` +
      `database read ${fingerprinter?.reads ?? 0} times; slowest: ${slowest.join(', ')}`,
  );
  fingerprinter?.close();
  closeAgent();
  await club.close();
  await openLibrary.close();
  await shelfSites.close();
});

function describeFailure(op: Operation, role: Role, index: number, fuzzCase: FuzzCase, answer: Answer | undefined, problems: string[]): string {
  const headers = Object.entries(fuzzCase.headers)
    .map(([name, value]) => `${name}: ${value.length > 120 ? `${value.slice(0, 120)}…` : value}`)
    .join('; ');
  const path = fuzzCase.path.length > 300 ? `${fuzzCase.path.slice(0, 300)}… (${fuzzCase.path.length} chars)` : fuzzCase.path;
  const answered = answer
    ? `answered ${answer.status} ${String(answer.headers['content-type'] ?? '(no content type)')}: ${answer.text.slice(0, 300)}`
    : 'no answer';
  return [
    `✗ seed ${SEED}, ${role}, ${op.method} ${op.path}, case #${index} [${fuzzCase.category}] ${fuzzCase.label}`,
    `  request: ${op.method} ${path}${fuzzCase.chunked ? ' (chunked)' : ''}`,
    `  headers: ${headers || '(none)'}`,
    `  body: ${fuzzCase.excerpt}`,
    `  ${answered}`,
    ...problems.map((problem) => `  - ${problem}`),
    `  replay: FUZZ_SEED=${SEED} FUZZ_ONLY='${op.method} ${op.path}' npx vitest run server/fuzz/api-fuzz.test.ts`,
  ].join('\n');
}

/** One request written straight onto a socket, for what fetch and node:http refuse to send; answers the raw reply. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(club.url).port), '127.0.0.1', () => socket.end(text));
    let reply = '';
    socket.setEncoding('latin1');
    socket.setTimeout(10_000, () => socket.destroy(new Error('no reply within 10 s')));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

describe('requests Node refuses before the app sees them', () => {
  // Node's HTTP parser refuses these before Koa sees them; server/http/client-errors.ts answers them.
  it('a path over Node’s 16 KB header limit, or a malformed request line, is answered with problem details', async () => {
    for (const request of [`GET /api/books/${'9'.repeat(20_000)} HTTP/1.1\r\nHost: club\r\n\r\n`, `GET /api/ho me HTTP/1.1\r\nHost: club\r\n\r\n`]) {
      const reply = await rawRequest(request);
      expect(reply, request.slice(0, 60)).toMatch(/^HTTP\/1\.1 4\d\d [^\r]*\r\n(?:[^\r]+\r\n)*content-type: application\/problem\+json/i);
    }
    expect((await club.call('GET', '/api/home')).status).toBe(200);
  });
});

// SignalR for Obskurnee's client (server/realtime/signalr-*.ts) is beside the API, not in its document.
describe(`the SignalR endpoint on ${HUB_PATH} (seed ${SEED})`, () => {
  it('answers awkward methods, queries, ids, tokens and bodies with 2xx or problem details, never a 5xx', async () => {
    const random = mulberry32(hashSeed(SEED, 'signalr'));
    const awkwardText = () => String(random.pick(AWKWARD_STRINGS).value);
    // Byte by byte: lone surrogates and all (encodeURIComponent refuses those), cut to keep under Node's header limit.
    const awkward = () => [...Buffer.from(awkwardText().slice(0, 2_000))].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    const failures: string[] = [];
    for (let index = 0; index < Math.round(80 * SCALE); index++) {
      // A live connection of its own per case: its first poll is answered at once, so nothing waits on a poll.
      const negotiated = await fetch(`${club.url}${HUB_PATH}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.member}` },
      });
      const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
      const path = random.pick([
        () => `${HUB_PATH}/negotiate?negotiateVersion=${awkward()}`,
        () => `${HUB_PATH}/negotiate?access_token=${awkward()}`,
        () => `${HUB_PATH}?id=${awkward()}`,
        () => `${HUB_PATH}/?id=${encodeURIComponent(connectionToken)}&access_token=${awkward()}`,
        () => `${HUB_PATH}?id=${encodeURIComponent(connectionToken)}&access_token=${encodeURIComponent(tokens.member!)}`,
      ])();
      const method = random.pick(['GET', 'POST', 'POST', 'DELETE', 'PUT', 'OPTIONS']);
      const body = method === 'POST' ? awkwardText() + random.pick(['', '\x1e']) : undefined;
      const response = await fetch(club.url + path, {
        method,
        body,
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const answer: Answer = { status: response.status, headers: Object.fromEntries(response.headers), text, json };
      const problems = problemsWith(answer, { refusedRole: false, hashes: false });
      if (problems.length)
        failures.push(`✗ case #${index}: ${method} ${path.slice(0, 200)} answered ${answer.status} ${text.slice(0, 200)}\n  - ${problems.join('\n  - ')}`);
    }
    expect((await club.call('GET', '/api/home')).status).toBe(200);
    expect(failures.length, `${failures.length} failing case(s):\n\n${failures.join('\n\n')}\n`).toBe(0);
  });
});

describe(`API fuzz over the OpenAPI document (seed ${SEED})`, () => {
  it('the document lists routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 30);
  });

  for (const op of operations) {
    it(
      `${op.method} ${op.path}`,
      async () => {
        const started = performance.now();
        await keepFixturesOpen();
        const failures: string[] = [];
        const recipes = recipesFor(op, context);
        const hashes = hashesPasswords(op.operation, doc);
        for (const role of ROLES) {
          const refusedRole = !mayCall(op, role);
          const budget = refusedRole ? BUDGET.refused : hashes ? BUDGET.hashing : BUDGET.allowed;
          const chosen = selectCases(recipes, budget, mulberry32(hashSeed(SEED, op.method, op.path, role)));
          for (const [index, recipe] of chosen.entries()) {
            const fuzzCase = recipe.make();
            await fingerprinter.newslettersQueued();
            const before = fingerprinter.take();
            let answer: Answer | undefined;
            let problems: string[];
            try {
              answer = await send(club.url, fuzzCase, op.method, tokens[role]);
              problems = problemsWith(answer, { refusedRole: fuzzCase.ownToken ? !mayCall(op, 'visitor') : refusedRole, hashes });
            } catch (error) {
              problems = [`the request failed: ${(error as Error).message}`];
            }
            stats.requests++;
            if (answer) stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
            const after = fingerprinter.take();
            // A refused request changes nothing; after a successful one the new state is the baseline.
            if (answer && answer.status >= 400 && after !== before) {
              const diff = fingerprintDiff(before, after);
              if (diff.length) problems.push(`the database changed on a refused request:\n${diff.join('\n')}`);
            }
            if (process.env.FUZZ_DEBUG && (fuzzCase.category === 'baseline' || process.env.FUZZ_DEBUG === 'all')) {
              console.log(`${role} ${op.method} ${fuzzCase.path.slice(0, 120)} [${fuzzCase.label}] -> ${answer?.status} ${answer?.text.slice(0, 160)}`);
            }
            if (problems.length) failures.push(describeFailure(op, role, index, fuzzCase, answer, problems));
          }
        }
        if (op.method.toUpperCase() === 'POST' && op.path === '/api/host/end-sessions') await signInAgain();
        // The process is still up and serving.
        const home = await club.call('GET', '/api/home');
        expect(home.status, `GET /api/home after fuzzing ${op.method} ${op.path}`).toBe(200);
        stats.slowest.push([`${op.method} ${op.path}`, performance.now() - started]);
        expect(failures.length, `${failures.length} failing case(s):\n\n${failures.join('\n\n')}\n`).toBe(0);
      },
      ROUTE_TIMEOUT_MS,
    );
  }
});
