import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSchema } from '../../../shared/api/accounts';
import { newRoundSchema } from '../../../shared/api/rounds';
import { createApp } from '../../app';
import { openDatabase } from '../../db/data-source';
import type { AppState } from '../../http/context';
import { errorMiddleware } from '../../http/error-middleware';
import { translate } from '../../http/i18n';
import type { Hub } from '../../realtime/hub';
import type { ServerConfig } from '../../settings';
import { addMember } from '../../test-support/members';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { COMPONENT_SCHEMAS } from './api-components';
import { API_CATALOGUE, botsMayCall, type Endpoint } from './api-catalogue';
import { apiDocsRoutes } from './api-docs.routes';
import { buildOpenApiDocument, errorsOf, inputJsonSchema } from './openapi';

const doc = buildOpenApiDocument();
const operationOf = (method: string, apiPath: string) => doc.paths[apiPath]?.[method] as any;

/** "GET /api/polls/{pollId}" for every method and path a router serves (HEAD comes with GET). */
function routesOf(router: Router<AppState>, prefix = ''): string[] {
  return router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${(prefix + layer.path).replace(/:(\w+)/g, '{$1}')}`),
  );
}

/** The /api router the real app mounts, found among its middleware (router.routes() carries its router). */
async function servedRoutes(): Promise<{ routes: string[]; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-apidocs-'));
  const db: DataSource = await openDatabase(dataDir);
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
  const { app } = createApp({ config, db, secret: crypto.randomBytes(32), hub, outbox: { enqueue() {}, pruneSent: () => 0 }, setupCode: null });
  const routers = app.middleware
    .map((fn) => (fn as { router?: Router<AppState> }).router)
    .filter((router): router is Router<AppState> => !!router);
  expect(routers.length).toBeGreaterThan(0);
  // The docs routes are served by the /api router once app.ts mounts them; until then, counted from their own router.
  const routes = new Set([...routers.flatMap((router) => routesOf(router)), ...routesOf(apiDocsRoutes(), '/api')]);
  return {
    routes: [...routes].sort(),
    close: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const catalogued = API_CATALOGUE.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`).sort();

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with info, paths, components and bearer sign-in', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    expect(doc.components.schemas.ProblemDetails).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    // The bots' how-to, in the words clients need.
    expect(doc.info.description).toContain('ask an admin to create a bot account');
    expect(doc.info.description).toContain('POST /api/accounts/login');
    expect(doc.info.description).toContain('Authorization: Bearer <token>');
    expect(doc.info.description).toContain('PUT /api/discussions/preview');
    expect(doc.info.description).toContain('403');
    for (const [apiPath, item] of Object.entries(doc.paths)) {
      expect(apiPath).toMatch(/^\/api(\/[\w.{}-]+)+$/);
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(op.summary, `${method} ${apiPath}`).toBeTruthy();
        expect((op.responses as Record<string, unknown>)['200'], `${method} ${apiPath}`).toBeDefined();
        expect(doc.tags.map((tag) => tag.name)).toContain((op.tags as string[])[0]);
      }
    }
  });

  it('has one unique operationId per operation, and path parameters exactly as the path names them', () => {
    const ids = API_CATALOGUE.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const endpoint of API_CATALOGUE) {
      const named = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(endpoint.params ?? {}).sort(), `${endpoint.method} ${endpoint.path}`).toEqual(named);
    }
  });

  it('resolves every $ref to a component', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(30);
    for (const name of new Set(refs)) expect(doc.components.schemas[name], name).toBeDefined();
  });

  it('describes errors as problem details, with the messages the server really sends', () => {
    const problem = doc.components.schemas.ProblemDetails as any;
    expect(problem.required).toEqual(['status', 'title', 'detail']);
    expect(Object.keys(problem.properties)).toEqual(['status', 'title', 'detail', 'errors']);
    for (const endpoint of API_CATALOGUE) {
      const where = `${endpoint.method} ${endpoint.path}`;
      const responses = operationOf(endpoint.method, endpoint.path).responses;
      for (const [status, { keys }] of errorsOf(endpoint)) {
        expect(responses[status].content['application/problem+json'].schema, where).toEqual({ $ref: '#/components/schemas/ProblemDetails' });
        // A key without an English message would be quoted as the key itself.
        for (const key of keys) expect(translate('en', key), `${where}: ${key}`).not.toBe(key);
      }
      // The statuses every endpoint of its kind answers.
      if (endpoint.who !== 'anonymous') expect(responses['401'], where).toBeDefined();
      if (endpoint.body) expect(Object.keys(responses), where).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (!botsMayCall(endpoint) || endpoint.who === 'moderator' || endpoint.who === 'admin') expect(responses['403'], where).toBeDefined();
    }
    // Examples are what the server's own parser and error middleware answer.
    const login = operationOf('post', '/api/accounts/login').responses;
    expect(login['400'].content['application/problem+json'].example).toMatchObject({
      status: 400,
      errors: { email: [translate('en', 'validation:emailRequired')], password: [translate('en', 'validation:passwordRequired')] },
    });
    expect(login['401'].content['application/problem+json'].example).toMatchObject({ status: 401, detail: translate('en', 'loginFailed') });
    expect(login['429']).toBeDefined();
    expect(operationOf('post', '/api/rounds/close-poll/{pollId}').responses['409']).toBeDefined();
  });

  it('takes request bodies from the shared zod schemas (their input side)', () => {
    const login = operationOf('post', '/api/accounts/login').requestBody.content['application/json'].schema;
    expect(login.type).toBe('object');
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login).toEqual(inputJsonSchema(loginSchema));

    const round = operationOf('post', '/api/rounds').requestBody.content['application/json'].schema;
    expect(round.properties.topic.enum).toEqual(['Books', 'Themes']);
    expect(round).toEqual(inputJsonSchema(newRoundSchema));

    // Input side: a page count may be sent as a number or a string (the schema turns it into a number).
    const post = operationOf('post', '/api/discussions/{discussionId}').requestBody.content['application/json'].schema;
    expect(post.properties.pageCount.type).toEqual(expect.arrayContaining(['number', 'string']));
    // {} is a valid preview body, so the body is optional there.
    expect(operationOf('put', '/api/discussions/preview').requestBody.required).toBe(false);
    expect(operationOf('get', '/api/scrape').parameters).toEqual([expect.objectContaining({ name: 'goodreadsUrl', in: 'query', required: true })]);
  });

  it('says who may call each operation, bots included', () => {
    expect(operationOf('get', '/api/home').security).toEqual([{}, { bearerAuth: [] }]);
    expect(operationOf('post', '/api/accounts/login').security).toEqual([]);
    expect(operationOf('get', '/api/rounds')).toMatchObject({ 'x-role': 'member', 'x-bots': true, security: [{ bearerAuth: [] }] });
    expect(operationOf('put', '/api/discussions/preview')).toMatchObject({ 'x-role': 'member', 'x-bots': true });
    expect(operationOf('post', '/api/discussions/{discussionId}')).toMatchObject({ 'x-role': 'member', 'x-bots': false });
    expect(operationOf('post', '/api/admin/registerbot')).toMatchObject({ 'x-role': 'admin', 'x-bots': false });
    expect(operationOf('get', '/api/newsletters/all')).toMatchObject({ 'x-role': 'moderator', 'x-bots': false });
  });

  it('describes answers with components that match the shared interfaces', () => {
    expect(Object.keys((COMPONENT_SCHEMAS.Round as any).properties)).toContain('themeTiebreakerPollId');
    expect((COMPONENT_SCHEMAS.Profile as any).required).toEqual(expect.arrayContaining(['userId', 'isAdmin', 'language']));
    expect(operationOf('get', '/api/polls/{pollId}').responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PollInfo',
    });
  });
});

describe('the catalogue against the routes the app serves', () => {
  let served: string[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ routes: served, close } = await servedRoutes());
  });
  afterAll(async () => {
    await close();
  });

  it('documents every route the app serves', () => {
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !catalogued.includes(route))).toEqual([]);
  });

  it('documents no route the app does not serve', () => {
    expect(catalogued.filter((route) => !served.includes(route))).toEqual([]);
  });
});

/** Sample path values that name nothing, so no call changes anything that matters. */
function samplePath(endpoint: Endpoint, overrides: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (overrides[name]) return encodeURIComponent(overrides[name]);
    const schema = endpoint.params?.[name]?.schema as { type?: string; enum?: string[] } | undefined;
    if (schema?.enum) return schema.enum[0]!;
    if (schema?.type === 'integer') return '999999';
    return encodeURIComponent('nobody@club.test');
  });
}

describe('the catalogue against the running server', () => {
  type Who = 'anonymous' | 'member' | 'moderator' | 'admin' | 'bot';
  let club: TestServer;
  const tokens: Partial<Record<Who, string>> = {};
  // The docs routes are not mounted on the app until app.ts wires them.
  const endpoints = API_CATALOGUE.filter((endpoint) => endpoint.tag !== 'API docs');

  beforeAll(async () => {
    club = await startTestServer();
    tokens.admin = await setUpClub(club);
    tokens.member = (await addMember(club, { name: 'Member' })).token;
    tokens.moderator = (await addMember(club, { name: 'Moderator', moderator: true })).token;
    tokens.bot = (await addMember(club, { name: 'Bot', bot: true })).token;
  });
  afterAll(async () => {
    await club.close();
  });

  function mayCall(endpoint: Endpoint, who: Who): boolean {
    if (endpoint.who === 'anonymous') return true;
    if (who === 'bot') return botsMayCall(endpoint);
    const rank: Record<Who, number> = { anonymous: 0, bot: 1, member: 1, moderator: 2, admin: 3 };
    return rank[who] >= rank[endpoint.who];
  }

  it("lets exactly the roles the catalogue names call each route", async () => {
    const mismatches: string[] = [];
    for (const endpoint of endpoints) {
      for (const who of ['anonymous', 'member', 'moderator', 'admin', 'bot'] as Who[]) {
        const res = await club.call(endpoint.method.toUpperCase(), samplePath(endpoint), { token: tokens[who] });
        const allowed = mayCall(endpoint, who);
        const refused = who === 'anonymous' ? 401 : 403;
        const ok = allowed ? res.status !== 401 && res.status !== 403 : res.status === refused;
        if (!ok) mismatches.push(`${who} ${endpoint.method.toUpperCase()} ${endpoint.path}: ${res.status} (catalogue: ${allowed ? 'may' : 'may not'})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('validates each documented body against the fields the document calls required', async () => {
    const mismatches: string[] = [];
    for (const endpoint of endpoints.filter((e) => e.body)) {
      const required: string[] = (inputJsonSchema(endpoint.body!) as { required?: string[] }).required ?? [];
      const res = await club.call(endpoint.method.toUpperCase(), samplePath(endpoint, { email: ADMIN.email }), { token: tokens.admin, body: {} });
      const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      if (required.length === 0) {
        if (res.status === 400) mismatches.push(`${where}: {} refused though nothing is required`);
      } else if (res.status !== 400 || Object.keys(res.body?.errors ?? {}).sort().join() !== [...required].sort().join()) {
        mismatches.push(`${where}: ${res.status} ${JSON.stringify(res.body?.errors)}, documented required: ${required}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('serving the document and the browse page', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    // A tiny app mounting the docs routes as app.ts mounts every feature's: under a Router prefixed /api.
    const api = new Router<AppState>({ prefix: '/api' });
    api.use(apiDocsRoutes().routes());
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(errorMiddleware({ defaultLanguage: 'en', log: () => {} }));
    app.use(async (ctx, next) => {
      ctx.state.language = 'en';
      ctx.state.user = null;
      await next();
    });
    app.use(api.routes());
    app.use(api.allowedMethods());
    server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A request sent with its path exactly as written (fetch would resolve "../" first). */
  function rawGet(rawPath: string): Promise<{ status: number; type: string; text: string }> {
    return new Promise((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
        })
        .on('error', reject);
    });
  }

  it('answers GET /api/openapi.json with the document, to anyone', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body.openapi).toBe(doc.openapi);
    expect(body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('answers GET /api/docs with a page on local assets only', async () => {
    const res = await fetch(`${base}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).toContain('/api/docs/assets/swagger-ui.css');
    expect(html).toContain("url: '/api/openapi.json'");
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self' 'sha256-");
    // Every file the page loads is there.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) expect((await fetch(base + asset)).status, asset).toBe(200);
  });

  it('serves Swagger UI from its package folder with the right content types', async () => {
    const script = await fetch(`${base}/api/docs/assets/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${base}/api/docs/assets/swagger-ui.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await fetch(`${base}/api/docs/assets/nothing-here.js`)).status).toBe(404);
  });

  it('refuses path traversal and anything but the package\'s assets', async () => {
    for (const attempt of [
      '/api/docs/assets/../../../package.json',
      '/api/docs/assets/..%2F..%2F..%2Fpackage.json',
      '/api/docs/assets/..%2fpackage.json',
      '/api/docs/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/docs/assets/..%5c..%5cpackage.json',
      '/api/docs/assets/%2Fetc%2Fpasswd',
      '/api/docs/assets/package.json',
      '/api/docs/assets/.npmignore',
      '/api/docs/assets/index.html',
    ]) {
      const res = await rawGet(attempt);
      expect(res.status, attempt).toBe(404);
      expect(res.text, attempt).not.toContain('"name"');
      expect(res.text, attempt).not.toContain('root:');
    }
  });
});
