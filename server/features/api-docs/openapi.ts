import { z } from 'zod';
import { MAX_JSON_BODY_BYTES, TOKEN_LIFETIME_DAYS } from '../../../shared/constants';
import type { ProblemDetails } from '../../../shared/api/problem';
import { AppError, Forbidden, Invalid, Unauthorized } from '../../http/errors';
import { problemFor } from '../../http/error-middleware';
import { translate } from '../../http/i18n';
import { parseWith } from '../../http/validate';
import { COMPONENT_SCHEMAS, ref, type JsonSchema } from './api-components';
import { API_CATALOGUE, TAGS, botsMayCall, type Endpoint, type ErrorStatus, type ParamSpec } from './api-catalogue';

/**
 * The HTTP API as an OpenAPI 3.1 document, built from the catalogue: request bodies and queries from the
 * shared zod schemas (their input side: what a client sends), answers from api-components.ts, errors as
 * problem details quoting the server's own (English) messages.
 */

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';
export const BEARER_SCHEME = 'bearerAuth';
const PROBLEM_JSON = 'application/problem+json';

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
};
export type OpenApiOperation = { [key: string]: unknown };

const DESCRIPTION = `The club server's HTTP API. JSON in and out, camelCase; null fields are sent as null, not left out.
Ids are positive integers, except user ids (\`userId\`, \`ownerId\`): opaque strings. Dates are ISO 8601, UTC.

## Signing in

\`POST /api/accounts/login\` with \`{ "email", "password" }\` answers the profile and a \`token\` (a signed JWT,
valid ${TOKEN_LIFETIME_DAYS} days). Send it as \`Authorization: Bearer <token>\`. On a route anyone may call, a missing,
expired or bad token makes the caller a visitor, never a 401.

## Roles

Anyone: setup, login, password reset, GET /api/home (site name and language only), this document. A member:
everything else a member sees; edits their own posts, recommendations and profile; votes; reviews. A moderator
also starts rounds, closes discussions and polls, edits any post, recommendation or profile, registers members,
promotes moderators and sees subscribers. An admin also creates and lists bots. Each operation says who may
call it (and \`x-role\`, \`x-bots\` say it to machines).

## Bots

Bots are read-only accounts for integrations:

1. ask an admin to create a bot account (\`POST /api/admin/registerbot\`);
2. sign in with \`POST /api/accounts/login\`;
3. send \`Authorization: Bearer <token>\`;
4. bots may GET everything a member may, and \`PUT /api/discussions/preview\`; anything else answers 403.

Bots never appear in user lists, poll progress or newsletters.

## Errors

Every error is \`application/problem+json\`: \`{ "status", "title", "detail" }\`, \`detail\` a sentence a user can
read, in the request's \`Accept-Language\` (\`en\` or \`sk\`; the club's default otherwise). Validation errors add
\`errors: { field: [messages] }\`. 400 bad input, 401 no or bad token, 403 role forbids, 404 no such thing,
409 state forbids, 413 too large, 415 a body that is not JSON, 429 too many attempts. An unknown path under
/api is a 404, a known path with another method a 405 with \`Allow\`.

## Writes

Request bodies are validated against the schemas the web app's forms use (shared with the server). A write
accepts an object as the API answered it: read-only fields (rendered HTML, owner names, dates, ids the path
gives) are ignored, not refused. JSON bodies are limited to ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`;

/** A shared zod schema as JSON Schema, as a client sends it (before transforms and defaults). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return rest;
}

function isZodSchema(value: ParamSpec['schema']): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The English message of a catalogue key, placeholders shown as `{name}`. */
export function messageOf(key: string): string {
  return translate('en', key).replace(/\{\{(\w+)\}\}/g, '{$1}');
}

function whoMayCall(endpoint: Endpoint): string {
  const bots = botsMayCall(endpoint) ? 'Bots may call it.' : 'Bots may not (403).';
  switch (endpoint.who) {
    case 'anonymous':
      return 'Anyone may call it, signed in or not.';
    case 'member':
      return `Signed-in members. ${bots}`;
    case 'moderator':
      return `Moderators and admins. ${bots}`;
    case 'admin':
      return `Admins only. ${bots}`;
  }
}

/**
 * The error statuses of an endpoint: those its kind always has (validation of a body, sign-in, roles, body
 * size and type), plus the catalogue's own. Each answer maps to the message keys whose texts it quotes and
 * to plain words where the server's detail varies.
 */
export function errorsOf(endpoint: Endpoint): Map<ErrorStatus, { notes: string[]; keys: string[] }> {
  const errors = new Map<ErrorStatus, { notes: string[]; keys: string[] }>();
  const add = (status: ErrorStatus, keys: readonly string[], note?: string) => {
    const entry = errors.get(status) ?? { notes: [], keys: [] };
    if (note) entry.notes.push(note);
    for (const key of keys) if (!entry.keys.includes(key)) entry.keys.push(key);
    errors.set(status, entry);
  };
  if (endpoint.body) {
    add(400, ['validationFailed', 'malformedJson'], '`errors` maps each invalid field to its messages; a single problem is also the detail.');
  }
  if (endpoint.params && Object.values(endpoint.params).some((param) => isZodSchema(param.schema))) {
    add(400, [], 'A path parameter is not valid.');
  }
  if (endpoint.who !== 'anonymous') add(401, ['signInRequired', 'sessionEnded'], 'No token, or a bad or expired one, or one whose session ended (password reset, account disabled).');
  if (endpoint.who === 'moderator') add(403, ['moderatorsOnly']);
  if (endpoint.who === 'admin') add(403, ['adminsOnly']);
  if (endpoint.who !== 'anonymous' && !botsMayCall(endpoint)) add(403, ['botsReadOnly']);
  if (endpoint.body) add(413, ['bodyTooLarge'], `The body is over ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`);
  if (endpoint.body || endpoint.upload) add(415, ['unsupportedMediaType']);
  for (const [status, keys] of Object.entries(endpoint.errors ?? {})) add(Number(status) as ErrorStatus, keys ?? []);
  return new Map([...errors].sort(([a], [b]) => a - b));
}

/**
 * What the server answers, made by the server's own code: for a body, what parsing `{}` answers (the
 * validation errors of every required field); otherwise the first detail the endpoint lists.
 */
function exampleProblem(endpoint: Endpoint, status: ErrorStatus, keys: string[]): ProblemDetails | undefined {
  let error: AppError | undefined;
  if (status === 400 && endpoint.body) {
    try {
      parseWith(endpoint.body, {});
    } catch (thrown) {
      if (thrown instanceof AppError) error = thrown;
    }
  }
  if (!error && keys[0]) error = new AppError(status, keys[0]);
  if (!error) return undefined;
  const problem = problemFor(error, 'en');
  return { ...problem, detail: problem.detail.replace(/\{\{(\w+)\}\}/g, '{$1}') };
}

function errorResponse(endpoint: Endpoint, status: ErrorStatus, notes: string[], keys: string[]): JsonSchema {
  const title = translate('en', `errors:title.${status}`);
  const quoted = keys.map((key) => `“${messageOf(key)}”`);
  const detail = quoted.length ? `Detail: ${quoted.join(' or ')}` : '';
  const example = exampleProblem(endpoint, status, keys);
  return {
    description: [`${title}.`, ...notes, detail].filter(Boolean).join(' '),
    content: { [PROBLEM_JSON]: { schema: ref('ProblemDetails'), ...(example ? { example } : {}) } },
  };
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const [name, param] of Object.entries(endpoint.params ?? {})) {
    result.push({
      name,
      in: 'path',
      required: true,
      description: param.description,
      schema: isZodSchema(param.schema) ? inputJsonSchema(param.schema) : param.schema,
    });
  }
  for (const [name, param] of Object.entries(endpoint.queryParams ?? {})) {
    result.push({
      name,
      in: 'query',
      required: param.required ?? false,
      description: param.description,
      schema: isZodSchema(param.schema) ? inputJsonSchema(param.schema) : param.schema,
    });
  }
  if (endpoint.query) {
    const query = inputJsonSchema(endpoint.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      result.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return result;
}

function requestBody(endpoint: Endpoint): JsonSchema | undefined {
  if (endpoint.body) {
    // A missing body is read as {}: it is required only when {} would not do.
    return {
      required: !endpoint.body.safeParse({}).success,
      content: { 'application/json': { schema: inputJsonSchema(endpoint.body) } },
    };
  }
  if (endpoint.upload) {
    const { field, maxBytes, mediaTypes, description } = endpoint.upload;
    return {
      required: true,
      description,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [field]: { type: 'string', format: 'binary', maxLength: maxBytes, description } },
            required: [field],
          },
          encoding: { [field]: { contentType: mediaTypes.join(', ') } },
        },
      },
    };
  }
  return undefined;
}

function security(endpoint: Endpoint): JsonSchema[] {
  if (endpoint.who !== 'anonymous') return [{ [BEARER_SCHEME]: [] }];
  // `{}` first: no token is fine; with one, the answer is the signed-in view.
  return endpoint.optionalToken ? [{}, { [BEARER_SCHEME]: [] }] : [];
}

function operation(endpoint: Endpoint): OpenApiOperation {
  const success = endpoint.response;
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: success.description,
      content: Object.fromEntries((success.mediaTypes ?? ['application/json']).map((type) => [type, { schema: success.schema }])),
    },
  };
  for (const [status, { notes, keys }] of errorsOf(endpoint)) {
    responses[String(status)] = errorResponse(endpoint, status, notes, keys);
  }
  const body = requestBody(endpoint);
  const params = parameters(endpoint);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: [endpoint.description, `**Who:** ${whoMayCall(endpoint)}`].filter(Boolean).join('\n\n'),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: security(endpoint),
    'x-role': endpoint.who,
    'x-bots': botsMayCall(endpoint),
  };
}

/** Real problem details, as the server would answer them, to show the shape. */
function problemExamples(): unknown[] {
  const examples: AppError[] = [
    new Invalid('validationFailed', {}, { email: ['validation:emailRequired'], password: ['validation:passwordRequired'] }),
    new Unauthorized(),
    new Forbidden('botsReadOnly'),
  ];
  return examples.map((error) => problemFor(error, 'en'));
}

export function buildOpenApiDocument(catalogue: readonly Endpoint[] = API_CATALOGUE): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of catalogue) {
    const item = (paths[endpoint.path] ??= {});
    if (item[endpoint.method]) throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is in the catalogue twice`);
    item[endpoint.method] = operation(endpoint);
  }
  const usedTags = new Set(catalogue.map((endpoint) => endpoint.tag));
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Bookclub API', version: API_VERSION, description: DESCRIPTION },
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name as keyof typeof TAGS))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        ...COMPONENT_SCHEMAS,
        ProblemDetails: { ...COMPONENT_SCHEMAS.ProblemDetails, examples: problemExamples() },
      },
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `The token from POST /api/accounts/login (members and bots), valid ${TOKEN_LIFETIME_DAYS} days.`,
        },
      },
    },
  };
}

let cached: string | undefined;

/** The document as served: built once, on first request. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
