import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Router from '@koa/router';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../shared/api';
import { botsMayCall, type RouteContract } from '../../../shared/api/contract';
import { systemClock } from '../../clock';
import { createApp } from '../../app';
import { openDatabase } from '../../db/data-source';
import type { AppState } from '../../http/context';
import type { Hub } from '../../realtime/hub';
import type { ServerConfig } from '../../settings';
import { MEMBER_PASSWORD, addMember } from '../../test-support/members';
import { startMiniApp } from '../../test-support/mini-app';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { BOOKS, startFakeGoodreads } from '../scrape/fake-goodreads';
import { startFakeOpenLibrary, type FakeOpenLibrary } from '../lookup/fake-open-library';
import { createGoodreadsScraper } from '../scrape/goodreads-scraper';
import { scrapeRoutes } from '../scrape/scrape.routes';
import { buildOpenApiDocument, inputJsonSchema, type JsonSchema } from './openapi';

// The contract (shared/api) against what the server really does: the routes it serves, who it lets call
// them, which body fields it requires, and what it answers.

const doc = buildOpenApiDocument();
const contracted = API_ROUTES.map((contract) => `${contract.method.toUpperCase()} ${contract.path}`).sort();

/** "GET /api/polls/{pollId}" for every method and path a router serves (HEAD comes with GET). */
function routesOf(router: Router<AppState>): string[] {
  return router.stack.flatMap((layer) =>
    layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
  );
}

/** The routes of the real app, read off the routers among its middleware (router.routes() carries its router). */
async function servedRoutes(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-contract-'));
  const db = await openDatabase(dataDir);
  try {
    const config: ServerConfig = {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      siteName: 'Docs Club',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      smtpUrl: null,
      rendererDir: null,
      quiet: true,
    };
    const hub = { broadcast() {}, close: async () => {} } as unknown as Hub;
    const outbox = { enqueue() {}, pruneSent: () => 0, summary: () => ({ pending: 0, failing: 0, lastError: null, lastErrorAt: null }), retryNow: () => 0 };
    const host = {
      startedAt: new Date(),
      urls: () => [],
      membersOnline: () => 0,
      scratchDir: config.dataDir,
      exclusive: async () => null,
      replaceClub: () => ({ keptAs: '' }),
    };
    const { app } = createApp({ config, db, secret: crypto.randomBytes(32), hub, outbox, clock: systemClock, setupCode: null, host });
    const routers = app.middleware.map((fn) => (fn as { router?: Router<AppState> }).router).filter((router): router is Router<AppState> => !!router);
    expect(routers.length).toBeGreaterThan(0);
    return [...new Set(routers.flatMap(routesOf))].sort();
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the contract against the routes the app serves', () => {
  let served: string[];
  beforeAll(async () => {
    served = await servedRoutes();
  });

  it('serves every route of the contract', () => {
    expect(contracted.length).toBeGreaterThan(30);
    expect(contracted.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('serves no route the contract does not have', () => {
    expect(served.filter((route) => !contracted.includes(route))).toEqual([]);
  });

  it('documents every route of the contract, once', () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([apiPath, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${apiPath}`))
      .sort();
    expect(documented).toEqual(contracted);
  });
});

/** Sample path values that name nothing, so no call changes anything that matters. */
function samplePath(contract: RouteContract, overrides: Record<string, string> = {}): string {
  return contract.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (overrides[name]) return encodeURIComponent(overrides[name]);
    const param = contract.params?.[name];
    const options = (param?.schema as { options?: readonly string[] } | undefined)?.options;
    if (options?.[0]) return options[0];
    if (param?.integer) return '999999';
    return encodeURIComponent('nobody@club.test');
  });
}

describe('the contract against the running server', () => {
  type Who = 'anonymous' | 'member' | 'moderator' | 'admin' | 'bot';
  let club: TestServer;
  const tokens: Partial<Record<Who, string>> = {};
  const routes = API_ROUTES.filter((contract) => contract.tag !== 'API docs');

  const emails: Partial<Record<Who, string>> = {};
  let adminUserId: string;
  beforeAll(async () => {
    club = await startTestServer();
    tokens.admin = await setUpClub(club);
    emails.admin = ADMIN.email;
    adminUserId = (await club.call('GET', '/api/accounts/context', { token: tokens.admin })).body.userId;
    for (const [who, options] of [
      ['member', {}],
      ['moderator', { moderator: true }],
      ['bot', { bot: true }],
    ] as const) {
      const account = await addMember(club, { name: who, ...options });
      tokens[who] = account.token;
      emails[who] = account.email;
    }
  });

  /** After a route that ends every session (the host's POST /api/host/end-sessions): everyone signs in again. */
  async function signInAgain(): Promise<void> {
    for (const who of ['admin', 'member', 'moderator', 'bot'] as const) {
      const password = who === 'admin' ? ADMIN.password : MEMBER_PASSWORD;
      tokens[who] = (await ok<{ token: string }>(club, 'POST', '/api/accounts/login', '', { email: emails[who], password })).token;
    }
  }
  afterAll(async () => {
    await club.close();
  });

  function mayCall(contract: RouteContract, who: Who): boolean {
    if (contract.who === 'anonymous') return true;
    if (who === 'bot') return botsMayCall(contract);
    const rank: Record<Who, number> = { anonymous: 0, bot: 1, member: 1, moderator: 2, admin: 3 };
    return rank[who] >= rank[contract.who];
  }

  it('lets exactly the roles the contract names call each route', async () => {
    const mismatches: string[] = [];
    for (const contract of routes) {
      for (const who of ['anonymous', 'member', 'moderator', 'admin', 'bot'] as Who[]) {
        const res = await club.call(contract.method.toUpperCase(), samplePath(contract), { token: tokens[who] });
        if (contract.operationId === 'endEverySession' && res.status === 200) await signInAgain();
        const allowed = mayCall(contract, who);
        const refused = who === 'anonymous' ? 401 : 403;
        const fine = allowed ? res.status !== 401 && res.status !== 403 : res.status === refused;
        if (!fine) mismatches.push(`${who} ${contract.method.toUpperCase()} ${contract.path}: ${res.status} (contract: ${allowed ? 'may' : 'may not'})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('validates each body against the fields the document calls required', async () => {
    const mismatches: string[] = [];
    // The demo's routes are not there in a real club (a 404 before the body is read); demo.test.ts checks the demo's.
    for (const contract of routes.filter((route) => route.body && route.tag !== 'Demo')) {
      const document = inputJsonSchema(contract.body!) as { required?: string[]; oneOf?: { required?: string[] }[] };
      const required: string[] = document.required ?? [];
      // A body that needs exactly one of some fields (progress: page, percent or finished) says so with oneOf.
      const oneOf = (document.oneOf ?? []).flatMap((alternative) => alternative.required ?? []);
      // The admin's own: a route that checks whose thing it is before the body (shelves' link) reads the body then.
      const path = samplePath(contract, { email: ADMIN.email, userId: adminUserId });
      const res = await club.call(contract.method.toUpperCase(), path, { token: tokens.admin, body: {} });
      const where = `${contract.method.toUpperCase()} ${contract.path}`;
      if (required.length === 0 && oneOf.length > 0) {
        const named = Object.keys(res.body?.errors ?? {});
        if (res.status !== 400 || named.length === 0 || !named.every((field) => oneOf.includes(field))) {
          mismatches.push(`${where}: ${res.status} ${JSON.stringify(res.body?.errors)}, documented one of: ${oneOf}`);
        }
      } else if (required.length === 0) {
        if (res.status === 400) mismatches.push(`${where}: {} refused though nothing is required`);
      } else if (
        res.status !== 400 ||
        Object.keys(res.body?.errors ?? {})
          .sort()
          .join() !== [...required].sort().join()
      ) {
        mismatches.push(`${where}: ${res.status} ${JSON.stringify(res.body?.errors)}, documented required: ${required}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** Checks an answer against the schema the document gives its 200, components included. */
function documentedAnswerCheck() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  return (contract: RouteContract, body: unknown, contentType: string | null): string[] => {
    const answer = doc.paths[contract.path]![contract.method]!.responses as Record<string, { content: Record<string, { schema: JsonSchema }> }>;
    const content = answer['200']!.content;
    const mediaType = Object.keys(content).find((type) => contentType?.startsWith(type));
    if (!mediaType) return [`content type ${contentType} is not one of ${Object.keys(content).join(', ')}`];
    const validate = ajv.compile({ ...content[mediaType]!.schema, components: doc.components });
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}

describe('real answers against the documented schemas', () => {
  let club: TestServer;
  let openLibrary: FakeOpenLibrary;
  let admin: string;
  /** Path values that name real things in the club, by parameter name. */
  const real: Record<string, string> = {};

  beforeAll(async () => {
    // The book lookup asks a fake Open Library on this machine.
    openLibrary = await startFakeOpenLibrary();
    club = await startTestServer({ openLibrary: { url: openLibrary.url, coversUrl: openLibrary.url } });
    admin = await setUpClub(club);
    const member = await addMember(club, { name: 'Reader' });
    // A whole round, so every answer has something in it: a book, a closed poll, posts, a review...
    const round = await ok(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Spring', description: 'What *next*?' });
    const discussionId = round.bookDiscussionId;
    await ok(club, 'POST', `/api/discussions/${discussionId}`, member.token, bookSuggestion('Solaris'));
    await ok(club, 'POST', `/api/discussions/${discussionId}`, admin, bookSuggestion('Dune'));
    const closed = await ok(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, admin);
    const pollId = closed.discussion.pollId;
    const poll = await ok(club, 'GET', `/api/polls/${pollId}`, admin);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, member.token, { postIds: [poll.poll.options[0].postId] });
    const decided = await ok(club, 'POST', `/api/rounds/close-poll/${pollId}`, admin);
    const bookId = decided.book.bookId;
    await ok(club, 'POST', `/api/reviews/book/${bookId}`, member.token, { rating: 4, reviewText: 'Cold and *strange*.' });
    const recommendation = await ok(club, 'POST', '/api/recommendations', member.token, bookSuggestion('Roadside Picnic'));
    const entry = await ok(club, 'POST', '/api/reviews/currentlyreading', member.token, { title: 'Ubik', author: null });
    await ok(club, 'POST', '/api/newsletters/allevents/subscribe', member.token);
    await ok(club, 'POST', '/api/newsletters/basicevents/subscribe', admin);
    await ok(club, 'POST', '/api/admin/registerbot', admin, { email: 'bot@club.test', name: 'Bot', password: 'bot password 123' });
    const meeting = await ok(club, 'POST', '/api/meetings', admin, {
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      place: 'Library',
      bookId,
      notes: 'Bring *Solaris*.',
    });
    await ok(club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, member.token, { answer: 'going' });
    const feed = await ok(club, 'POST', '/api/users/calendar-feed', member.token);
    await ok(club, 'POST', `/api/meetings/${meeting.meetingId}/questions`, member.token, { text: 'What is *Solaris*?' });
    const display = await ok(club, 'POST', '/api/display-link', admin);
    const datePoll = await ok(club, 'POST', '/api/date-polls', admin, {
      title: 'When next?',
      options: [1, 2].map((days) => ({ startsAt: new Date(Date.now() + days * 86_400_000).toISOString() })),
      place: 'Library',
    });
    await ok(club, 'PUT', `/api/date-polls/${datePoll.datePollId}/answers`, member.token, { answers: { [datePoll.options[0].optionId]: 'yes' } });
    await ok(club, 'POST', '/api/admin/webhooks', admin, { url: 'https://hooks.example.org/bookclub', events: ['bookChosen'], format: 'slack' });
    const schedule = await ok(club, 'PUT', `/api/books/${bookId}/schedule`, admin, {
      parts: [{ title: 'Part one', toPage: 100, dueOn: new Date(Date.now() + 86_400_000).toISOString() }],
    });
    const partId = schedule.parts[0].partId;
    // Read by a member who finished the book: the comments are open, and checked against their schema.
    await ok(club, 'PUT', `/api/books/${bookId}/progress`, admin, { finished: true });
    await ok(club, 'POST', `/api/books/${bookId}/parts/${partId}/comments`, admin, { text: 'The *thaw* comes late.' });
    Object.assign(real, {
      partId: String(partId),
      displayToken: display.url.split('/').pop(),
      meetingId: String(meeting.meetingId),
      datePollId: String(datePoll.datePollId),
      feedFile: feed.url.split('/').pop(),
      discussionId: String(discussionId),
      pollId: String(pollId),
      bookId: String(bookId),
      recommendationId: String(recommendation.recommendationId),
      entryId: String(entry.entryId),
      userId: member.userId,
      email: member.email,
      file: 'swagger-ui.css',
    });
  });
  afterAll(async () => {
    await club.close();
    await openLibrary.close();
  });

  const getRoutes = API_ROUTES.filter((contract) => contract.method === 'get');
  const queries: Record<string, string> = {
    search: '?query=solaris',
    lookUpBooks: '?q=dune',
    scrapeGoodreads: `?goodreadsUrl=${encodeURIComponent(`https://www.goodreads.com${BOOKS.full}`)}`,
  };

  it('answers every GET route with what the document says it answers', async () => {
    const check = documentedAnswerCheck();
    const checked: string[] = [];
    const mismatches: string[] = [];
    // The scrape reads a fake Goodreads on this machine, through the route's own contract entry.
    const goodreads = await startFakeGoodreads();
    const scrapeApp = await startMiniApp(scrapeRoutes(createGoodreadsScraper({ fetch: goodreads.fetch }), { throttle: { begin: async () => {} } }));
    const scrapeToken = await scrapeApp.tokenFor('scraper');
    try {
      for (const contract of getRoutes) {
        const apiPath = contract.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(real[name]!)) + (queries[contract.operationId] ?? '');
        const [base, token] = contract.tag === 'Scrape' ? [scrapeApp.base, scrapeToken] : [club.url, admin];
        // The setup details answer only before the club has an account: a fresh club shows them.
        const fresh = contract.operationId === 'getHostSetup' ? await startTestServer() : null;
        const res = fresh ? await fetch(fresh.url + apiPath) : await fetch(base + apiPath, { headers: { Authorization: `Bearer ${token}` } });
        await fresh?.close();
        const type = res.headers.get('content-type');
        const text = await res.text();
        const where = `GET ${apiPath}`;
        if (res.status !== 200) {
          mismatches.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
          continue;
        }
        const body: unknown = type?.includes('json') ? JSON.parse(text) : text;
        if (contract.tag !== 'API docs' && Array.isArray(body)) expect(body.length, `${where} answers something to check`).toBeGreaterThan(0);
        mismatches.push(...check(contract, body, type).map((problem) => `${where}: ${problem}`));
        checked.push(contract.operationId);
      }
    } finally {
      await scrapeApp.close();
      await goodreads.close();
    }
    expect(mismatches).toEqual([]);
    expect(checked.sort()).toEqual(getRoutes.map((contract) => contract.operationId).sort());
  });

  it('would notice an answer that leaves the document (a field it does not have, a null it does not allow)', async () => {
    const check = documentedAnswerCheck();
    const books = API_ROUTES.find((contract) => contract.operationId === 'getBook')!;
    const book = await ok(club, 'GET', `/api/books/${real.bookId}`, admin);
    expect(check(books, book, 'application/json')).toEqual([]);
    expect(check(books, { ...book, secret: 'x' }, 'application/json')).not.toEqual([]);
    expect(check(books, { ...book, post: { ...book.post, title: null } }, 'application/json')).not.toEqual([]);
  });
});
