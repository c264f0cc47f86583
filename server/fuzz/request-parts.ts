import zlib from 'node:zlib';
import type { CaseContext, Category, FuzzCase, JsonSchema, OpenApiDocument, Operation } from './fuzz-model';

/** The parts the fuzz's cases are made of: valid-looking values from a schema, and requests. */

/* ------------------------------------------------------------------------------------------------ */
/* Valid-looking values from a schema                                                                 */

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = doc;
    for (const part of pointer) target = (target as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    current = (target ?? {}) as JsonSchema;
  }
  return current;
}

/** The JSON types a schema admits, 'null' last. */
export function typesOf(schema: JsonSchema, doc: OpenApiDocument): string[] {
  const resolved = resolve(schema, doc);
  const types = new Set<string>();
  if ('const' in resolved) types.add(resolved.const === null ? 'null' : typeof resolved.const);
  if (Array.isArray(resolved.enum)) for (const value of resolved.enum) types.add(value === null ? 'null' : typeof value);
  if (typeof resolved.type === 'string') types.add(resolved.type);
  if (Array.isArray(resolved.type)) for (const type of resolved.type) types.add(type);
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) {
    for (const type of typesOf(branch, doc)) types.add(type);
  }
  return [...types].sort((a, b) => Number(a === 'null') - Number(b === 'null'));
}

export function firstNonNullBranch(schema: JsonSchema, doc: OpenApiDocument): JsonSchema | undefined {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((branch: JsonSchema) => resolve(branch, doc));
  return branches.find((branch) => !typesOf(branch, doc).every((type) => type === 'null')) ?? branches[0];
}

type Location = 'path' | 'query' | 'body';

/** A value the schema accepts, shaped by the field's name where the name says what it is. */
export function validValue(schemaIn: JsonSchema | undefined, name: string, location: Location, context: CaseContext): unknown {
  const { doc, fixtures } = context;
  const schema = resolve(schemaIn, doc);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (!schema.type && (schema.anyOf || schema.oneOf)) {
    const branch = firstNonNullBranch(schema, doc);
    return branch ? validValue(branch, name, location, context) : null;
  }
  const types = typesOf(schema, doc);
  const type = types[0] ?? 'string';
  const lower = name.toLowerCase();

  if (type === 'array') {
    if (name in fixtures && Array.isArray(fixtures[name])) return fixtures[name];
    const minItems = Math.max(1, Number(schema.minItems ?? 1));
    return Array.from({ length: minItems }, () => validValue(schema.items, name, location, context));
  }
  if (type === 'object') {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
      value[key] = validValue(property, key, location, context);
    }
    return value;
  }
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') {
    if (typeof fixtures[name] === 'number') return fixtures[name];
    if (/pagecount/.test(lower)) return 320;
    if (typeof schema.minimum === 'number') return Math.max(schema.minimum, Math.min(1, schema.maximum ?? 1));
    if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
    return 1;
  }
  if (type === 'null') return null;

  // A string (or a schema that says nothing): by name first, then to fit its length.
  if (/email/.test(lower)) return location === 'body' ? context.freshEmail() : (fixtures.email ?? 'target@club.test');
  if (typeof fixtures[name] === 'string' || typeof fixtures[name] === 'number') return String(fixtures[name]);
  if (/password/.test(lower)) return 'fuzz password 12345';
  // A query's link is never a Goodreads page: the suite must not reach out to the internet.
  if (/url|link/.test(lower)) return location === 'query' ? 'https://example.org/fuzz/book' : 'https://www.goodreads.com/user/show/1';
  if (/phone/.test(lower)) return '+421 900 123 456';
  if (/lang/.test(lower)) return 'en';
  let text = location === 'body' ? `Fuzz ${name}` : 'fuzz';
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  if (text.length < min) text = text.padEnd(min, 'z');
  if (text.length > max) text = text.slice(0, max);
  return text;
}

/* ------------------------------------------------------------------------------------------------ */
/* Requests                                                                                           */

/** An operation's requestBody: its schema per media type. */
interface RequestBody {
  content?: Record<string, { schema?: JsonSchema; encoding?: Record<string, unknown> } | undefined>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

export function parametersOf(operation: JsonSchema): Parameter[] {
  return (operation.parameters ?? []) as Parameter[];
}

export function jsonBodySchema(operation: JsonSchema, doc: OpenApiDocument): JsonSchema | undefined {
  const schema = (operation.requestBody as RequestBody | undefined)?.content?.['application/json']?.schema;
  return schema ? resolve(schema, doc) : undefined;
}

export function multipartSchema(operation: JsonSchema, doc: OpenApiDocument): JsonSchema | undefined {
  const content = (operation.requestBody as RequestBody | undefined)?.content?.['multipart/form-data'];
  return content ? { ...resolve(content.schema, doc), encoding: content.encoding ?? {} } : undefined;
}

/** Whether the body carries a password: such a route hashes (slow), so it gets fewer cases. */
export function hashesPasswords(operation: JsonSchema, doc: OpenApiDocument): boolean {
  const body = jsonBodySchema(operation, doc);
  return Object.keys(body?.properties ?? {}).some((name) => /password/i.test(name));
}

/** Path and query as sent: each value given already encoded, or made valid from the schema. */
export function urlOf(op: Operation, context: CaseContext, encoded: { path?: Record<string, string>; query?: string | null } = {}): string {
  const params = parametersOf(op.operation);
  let path = op.path;
  for (const param of params.filter((p) => p.in === 'path')) {
    const value = encoded.path?.[param.name] ?? encodeURIComponent(String(validValue(param.schema, param.name, 'path', context)));
    path = path.replace(`{${param.name}}`, value);
  }
  let query = encoded.query;
  if (query === undefined || query === null) {
    query = params
      .filter((p) => p.in === 'query')
      .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(validValue(p.schema, p.name, 'query', context)))}`)
      .join('&');
  }
  return query ? `${path}?${query}` : path;
}

export const JSON_TYPE = 'application/json';

export function jsonCase(
  category: Category,
  label: string,
  path: string,
  text: string | Buffer,
  contentType: string | null = JSON_TYPE,
  extraHeaders: Record<string, string> = {},
): FuzzCase {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return {
    category,
    label,
    path,
    headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...extraHeaders },
    body,
    excerpt: excerptOf(body),
  };
}

export function excerptOf(body: Buffer | undefined, length = 200): string {
  if (!body || body.length === 0) return '(no body)';
  const text = body.subarray(0, length).toString('utf8');
  const shown = JSON.stringify(text);
  return body.length > length ? `${shown}… (${body.length} bytes)` : shown;
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[], boundary = '----fuzzBoundary7MA4YWxkTrZu0gW'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 PNG, and a PNG whose header claims width × height. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Flat form fields of a body (for form-urlencoded and multipart versions of a JSON body). */
export function formFields(body: unknown): [string, string][] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
}
