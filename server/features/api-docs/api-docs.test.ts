import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../shared/api';
import { loginSchema } from '../../../shared/api/accounts';
import { botsMayCall } from '../../../shared/api/contract';
import { newRoundSchema } from '../../../shared/api/rounds';
import { translate } from '../../http/i18n';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { buildOpenApiDocument, errorsOf, inputJsonSchema } from './openapi';

const doc = buildOpenApiDocument();
// The document's nodes are walked deep and loosely here (responses, content, schema); each step is asserted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type DocumentNode = any;
const operationOf = (method: string, apiPath: string) => doc.paths[apiPath]?.[method] as DocumentNode;

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
    const ids = API_ROUTES.map((contract) => contract.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const contract of API_ROUTES) {
      const named = [...contract.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(contract.params ?? {}).sort(), `${contract.method} ${contract.path}`).toEqual(named);
    }
  });

  it('resolves every $ref to a component', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(30);
    for (const name of new Set(refs)) expect(doc.components.schemas[name], name).toBeDefined();
  });

  it('describes errors as problem details, with the messages the server really sends', () => {
    const problem = doc.components.schemas.ProblemDetails as DocumentNode;
    expect(problem.required).toEqual(['status', 'title', 'detail']);
    expect(Object.keys(problem.properties)).toEqual(['status', 'title', 'detail', 'errors']);
    for (const contract of API_ROUTES) {
      const where = `${contract.method} ${contract.path}`;
      const responses = operationOf(contract.method, contract.path).responses;
      for (const [status, { keys }] of errorsOf(contract)) {
        expect(responses[status].content['application/problem+json'].schema, where).toEqual({ $ref: '#/components/schemas/ProblemDetails' });
        // A key without an English message would be quoted as the key itself.
        for (const key of keys) expect(translate('en', key), `${where}: ${key}`).not.toBe(key);
      }
      // The statuses every endpoint of its kind answers.
      if (contract.who !== 'anonymous') expect(responses['401'], where).toBeDefined();
      if (contract.body) expect(Object.keys(responses), where).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (!botsMayCall(contract) || contract.who === 'moderator' || contract.who === 'admin') expect(responses['403'], where).toBeDefined();
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

  it('describes answers with components made from the shared answer schemas', () => {
    const schemas = doc.components.schemas as DocumentNode;
    expect(Object.keys(schemas.Round.properties)).toContain('themeTiebreakerPollId');
    expect(schemas.Profile.required).toEqual(expect.arrayContaining(['userId', 'isAdmin', 'language']));
    // Null is sent as null, never left out: a nullable field is required and may be null.
    expect(schemas.Round.required).toContain('bookId');
    expect(schemas.Round.properties.bookId.anyOf).toEqual([expect.objectContaining({ type: 'integer', minimum: 1 }), { type: 'null' }]);
    expect(schemas.Book.properties.post).toEqual({ $ref: '#/components/schemas/Post' });
    expect(operationOf('get', '/api/books').responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Book' },
    });
    expect(operationOf('get', '/api/polls/{pollId}').responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PollInfo',
    });
  });
});

describe('serving the document and the browse page', () => {
  let club: TestServer;
  let base: string;

  beforeAll(async () => {
    club = await startTestServer();
    base = club.url;
  });
  afterAll(async () => {
    await club.close();
  });

  /** A request sent with its path exactly as written (fetch would resolve "../" first). */
  function rawGet(rawPath: string): Promise<{ status: number; type: string; text: string }> {
    return new Promise((resolve, reject) => {
      const port = Number(new URL(base).port);
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
    const body = (await res.json()) as typeof doc;
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

  it("refuses path traversal and anything but the package's assets", async () => {
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
