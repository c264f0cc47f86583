/** What the fuzz reads off the OpenAPI document (its operations) and the requests it makes from them. */

/** A JSON Schema (or an OpenAPI object read the same way): the keywords the fuzz reads, typed; the rest unknown. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  [keyword: string]: unknown;
}
export type OpenApiDocument = { paths: Record<string, Record<string, JsonSchema>>; components?: { schemas?: Record<string, JsonSchema> } };

export interface Operation {
  method: string;
  /** The documented path, with `{param}` placeholders. */
  path: string;
  /** Who may call it (`x-role`) and whether bots may (`x-bots`). */
  role: string;
  botsMay: boolean;
  operation: JsonSchema;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        role: String(operation['x-role'] ?? 'anonymous'),
        botsMay: operation['x-bots'] !== false,
        operation,
      });
    }
  }
  return operations;
}

/** One request to send. `path` is already percent-encoded and carries the query string. */
export interface FuzzCase {
  category: Category;
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body without Content-Length (chunked). */
  chunked?: boolean;
  /** Say this Content-Length, larger than the body sent: a huge upload announced, refused before it is read. */
  declaredLength?: number;
  /** The case sends its own Authorization header: whoever the role, the caller is at most a visitor. */
  ownToken?: boolean;
  /** The body as the failure message shows it. */
  excerpt: string;
}

export type Category = 'baseline' | 'body' | 'field' | 'extra' | 'path' | 'query' | 'upload' | 'header';

/** A case not yet made: made when sent, so each gets fresh valid values (a new email address, say). */
export interface CaseRecipe {
  category: Category;
  label: string;
  make(): FuzzCase;
}

/** Values that name things that exist in the club, by parameter or field name (ids, the target's email). */
export type Fixtures = Record<string, unknown>;

export interface CaseContext {
  doc: OpenApiDocument;
  fixtures: Fixtures;
  /** A new, unused email address each time (for bodies that create accounts). */
  freshEmail(): string;
}
