import { z } from 'zod';
import { API_ROUTES } from '../../../shared/api';
import { apiComponents, botsMayCall, TAGS, type ErrorStatus, type RouteContract } from '../../../shared/api/contract';
import { problemDetailsSchema, type ProblemDetails } from '../../../shared/api/problem';
import { MAX_JSON_BODY_BYTES, TOKEN_LIFETIME_DAYS } from '../../../shared/constants';
import { problemFor } from '../../http/error-middleware';
import { AppError, Forbidden, Invalid, Unauthorized } from '../../http/errors';
import { translate } from '../../http/i18n';
import { parseWith } from '../../http/validate';
import { API_DESCRIPTION } from './api-description';

/**
 * The HTTP API as an OpenAPI 3.1 document, built from the contract (shared/api): request bodies, queries
 * and path parameters from their zod schemas' input side (what a client sends), answers from their output
 * side with the named schemas as components, errors as problem details quoting the server's own (English)
 * messages. zod converts the schemas itself (z.toJSONSchema).
 */

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';
export const BEARER_SCHEME = 'bearerAuth';
const PROBLEM_JSON = 'application/problem+json';
const COMPONENTS = '#/components/schemas/';

export type JsonSchema = { [key: string]: unknown };
export type OpenApiOperation = { [key: string]: unknown };
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

/** zod's integers carry the safe-integer bounds; a client needs only the bounds the API sets. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

function bare({ $schema: _dialect, $id: _id, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

/** A shared zod schema as JSON Schema, as a client sends it (before transforms and defaults). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return bare(z.toJSONSchema(schema, { io: 'input', override: withoutSafeIntegerBounds }) as JsonSchema);
}

/**
 * Every answer schema at once, so that the named ones become components and everything else refers to
 * them: the components, and each route's answer schema by operationId.
 */
function answerSchemas(routes: readonly RouteContract[]): { components: Record<string, JsonSchema>; answers: Map<string, JsonSchema> } {
  const registry = z.registry<{ id: string; description?: string }>();
  const componentIds = new Set<string>();
  for (const [schema, meta] of apiComponents) {
    registry.add(schema, meta);
    componentIds.add(meta.id);
  }
  const answerIds = new Map<string, string>();
  for (const contract of routes) {
    const named = apiComponents.get(contract.answer.schema);
    if (named) answerIds.set(contract.operationId, named.id);
    else {
      const id = `answer.${contract.operationId}`;
      registry.add(contract.answer.schema, { id });
      answerIds.set(contract.operationId, id);
    }
  }
  const { schemas } = z.toJSONSchema(registry, { io: 'output', uri: (id) => COMPONENTS + id, override: withoutSafeIntegerBounds });
  const components: Record<string, JsonSchema> = {};
  for (const id of [...componentIds].sort()) components[id] = bare(schemas[id] as JsonSchema);
  const answers = new Map<string, JsonSchema>();
  for (const [operationId, id] of answerIds) {
    answers.set(operationId, componentIds.has(id) ? { $ref: COMPONENTS + id } : bare(schemas[id] as JsonSchema));
  }
  return { components, answers };
}

/** The English message of a catalogue key, placeholders shown as `{name}`. */
export function messageOf(key: string): string {
  return translate('en', key).replace(/\{\{(\w+)\}\}/g, '{$1}');
}

function whoMayCall(contract: RouteContract): string {
  const bots = botsMayCall(contract) ? 'Bots may call it.' : 'Bots may not (403).';
  switch (contract.who) {
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
 * The error statuses of a route: those its kind always has (validation of a body, sign-in, roles, body
 * size and type), plus the contract's own. Each answer maps to the message keys whose texts it quotes and
 * to plain words where the server's detail varies.
 */
export function errorsOf(contract: RouteContract): Map<ErrorStatus, { notes: string[]; keys: string[] }> {
  const errors = new Map<ErrorStatus, { notes: string[]; keys: string[] }>();
  const add = (status: ErrorStatus, keys: readonly string[], note?: string) => {
    const entry = errors.get(status) ?? { notes: [], keys: [] };
    if (note) entry.notes.push(note);
    for (const key of keys) if (!entry.keys.includes(key)) entry.keys.push(key);
    errors.set(status, entry);
  };
  if (contract.body) {
    add(400, ['validationFailed', 'malformedJson'], '`errors` maps each invalid field to its messages; a single problem is also the detail.');
  }
  if (contract.query) add(400, [], 'A query parameter is not valid.');
  if (Object.values(contract.params ?? {}).some((param) => !param.notFound && !(param.schema instanceof z.ZodString))) {
    add(400, [], 'A path parameter is not valid.');
  }
  for (const param of Object.values(contract.params ?? {})) if (param.notFound) add(404, [param.notFound]);
  if (contract.who !== 'anonymous') {
    add(401, ['signInRequired', 'sessionEnded'], 'No token, or a bad or expired one, or one whose session ended (password reset, account disabled).');
  }
  if (contract.who === 'moderator') add(403, ['moderatorsOnly']);
  if (contract.who === 'admin') add(403, ['adminsOnly']);
  if (contract.who !== 'anonymous' && !botsMayCall(contract)) add(403, ['botsReadOnly']);
  if (contract.body) add(413, ['bodyTooLarge'], `The body is over ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`);
  if (contract.body || contract.upload) add(415, ['unsupportedMediaType']);
  for (const [status, keys] of Object.entries(contract.errors ?? {})) add(Number(status) as ErrorStatus, keys ?? []);
  return new Map([...errors].sort(([a], [b]) => a - b));
}

/**
 * What the server answers, made by the server's own code: for a body, what parsing `{}` answers (the
 * validation errors of every required field); otherwise the first detail the route lists.
 */
function exampleProblem(contract: RouteContract, status: ErrorStatus, keys: string[]): ProblemDetails | undefined {
  let error: AppError | undefined;
  if (status === 400 && contract.body) {
    try {
      parseWith(contract.body, {});
    } catch (thrown) {
      if (thrown instanceof AppError) error = thrown;
    }
  }
  if (!error && keys[0]) error = new AppError(status, keys[0]);
  if (!error) return undefined;
  const problem = problemFor(error, 'en');
  return { ...problem, detail: problem.detail.replace(/\{\{(\w+)\}\}/g, '{$1}') };
}

function errorResponse(contract: RouteContract, status: ErrorStatus, notes: string[], keys: string[]): JsonSchema {
  const title = translate('en', `errors:title.${status}`);
  const quoted = keys.map((key) => `“${messageOf(key)}”`);
  const detail = quoted.length ? `Detail: ${quoted.join(' or ')}` : '';
  const example = exampleProblem(contract, status, keys);
  return {
    description: [`${title}.`, ...notes, detail].filter(Boolean).join(' '),
    content: { [PROBLEM_JSON]: { schema: { $ref: `${COMPONENTS}ProblemDetails` }, ...(example ? { example } : {}) } },
  };
}

function parameters(contract: RouteContract): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const [name, param] of Object.entries(contract.params ?? {})) {
    result.push({ name, in: 'path', required: true, description: param.description, schema: inputJsonSchema(param.schema) });
  }
  if (contract.query) {
    const query = inputJsonSchema(contract.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, { description, ...schema }] of Object.entries(query.properties ?? {})) {
      result.push({ name, in: 'query', required: query.required?.includes(name) ?? false, ...(description ? { description } : {}), schema });
    }
  }
  return result;
}

function requestBody(contract: RouteContract): JsonSchema | undefined {
  if (contract.body) {
    // A missing body is read as {}: it is required only when {} would not do.
    return {
      required: !contract.body.safeParse({}).success,
      content: { 'application/json': { schema: inputJsonSchema(contract.body) } },
    };
  }
  if (contract.upload) {
    const { field, maxBytes, mediaTypes, description } = contract.upload;
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

function security(contract: RouteContract): JsonSchema[] {
  if (contract.who !== 'anonymous') return [{ [BEARER_SCHEME]: [] }];
  // `{}` first: no token is fine; with one, the answer is the signed-in view.
  return contract.optionalToken ? [{}, { [BEARER_SCHEME]: [] }] : [];
}

function operation(contract: RouteContract, answerSchema: JsonSchema): OpenApiOperation {
  const { description, mediaTypes = ['application/json'] } = contract.answer;
  const responses: Record<string, JsonSchema> = {
    '200': { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: answerSchema }])) },
  };
  for (const [status, { notes, keys }] of errorsOf(contract)) {
    responses[String(status)] = errorResponse(contract, status, notes, keys);
  }
  const body = requestBody(contract);
  const params = parameters(contract);
  return {
    operationId: contract.operationId,
    tags: [contract.tag],
    summary: contract.summary,
    description: [contract.description, `**Who:** ${whoMayCall(contract)}`].filter(Boolean).join('\n\n'),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: security(contract),
    'x-role': contract.who,
    'x-bots': botsMayCall(contract),
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

export function buildOpenApiDocument(routes: readonly RouteContract[] = API_ROUTES): OpenApiDocument {
  // Named by problem.ts; imported here so it is a component even though no route answers it with 200.
  void problemDetailsSchema;
  const { components, answers } = answerSchemas(routes);
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of routes) {
    const item = (paths[contract.path] ??= {});
    if (item[contract.method]) throw new Error(`${contract.method.toUpperCase()} ${contract.path} is in the contract twice`);
    item[contract.method] = operation(contract, answers.get(contract.operationId)!);
  }
  const usedTags = new Set(routes.map((contract) => contract.tag));
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Bookclub API', version: API_VERSION, description: API_DESCRIPTION },
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name as keyof typeof TAGS))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ...components, ProblemDetails: { ...components.ProblemDetails, examples: problemExamples() } },
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
