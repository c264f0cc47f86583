import { z } from 'zod';

/**
 * The API contract: one entry per route, written once, in the feature's file beside its schemas. The
 * server registers its routes from these entries (server/http/contract-routes.ts: role, path parameters,
 * query and body are checked before the handler runs), the renderer calls them through a client made
 * from them (renderer/lib/api.ts), and the OpenAPI document is built from them
 * (server/features/api-docs/openapi.ts). Schemas are zod; their messages are catalogue keys.
 */

/** Who may call: anyone, or a signed-in account of at least this role. */
export type Caller = 'anonymous' | 'member' | 'moderator' | 'admin';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export const TAGS = {
  Accounts: 'Setting the club up, signing in, the signed-in profile, password reset.',
  Home: 'The home screen.',
  Rounds: 'Rounds of choosing the next book; moderators start them and close discussions and polls.',
  Discussions: 'Discussions and the suggestions (posts) in them.',
  Polls: 'Polls and voting.',
  Books: 'The books the club chose.',
  Scrape: 'Reading a Goodreads book page to prefill a suggestion.',
  'Book lookup': 'Finding books on Open Library; keeping their covers.',
  Users: 'Members, their profiles, language and avatar.',
  Recommendations: "Members' personal book recommendations.",
  Reviews: 'Reviews of the books the club read.',
  Search: 'Full-text search over posts and recommendations.',
  'Currently reading': "Members' currently-reading entries.",
  Admin: 'The admin screen: noticeboard, registering members and bots, promoting moderators.',
  Newsletters: 'Mail subscriptions.',
  Stats: "The club's statistics.",
  Meetings: "The club's meetings, members' answers (RSVP) and their private calendar feeds.",
  'Date polls': 'Finding the evening: proposed dates, members’ answers (yes, if need be, no), and the pick that makes the meeting.',
  'Chat and webhooks': "Club events posted to the club's Matrix room and to outgoing webhooks (admins).",
  'Meeting night': 'The evening itself: check-in, discussion questions, the room view and its display link.',
  'Reading progress': 'Where members are in a book, for those who share it.',
  'Reading plan': 'A book’s reading schedule in parts, and each part’s comments, sealed for a member until they reach the part or reveal it.',
  Shelves: "Members' Goodreads and StoryGraph shelves, read by the club from their linked profiles.",
  Host: "The host's console: addresses members can open, the club's state, whole-club backups and restores.",
  'API docs': 'This document and the page that browses it.',
  Demo: 'The demo club (`npm start -- demo`): one-click sign-in; these routes exist only there.',
} as const;
export type TagName = keyof typeof TAGS;

/** A path parameter: the schema its value must pass, and what a refused value means. */
export interface PathParam<S extends z.ZodType = z.ZodType> {
  description: string;
  schema: S;
  /** The segment must be digits and is read as a number (ids). */
  integer?: true;
  /** A refused value names nothing: a 404 with this catalogue key rather than a 400. */
  notFound?: string;
  /** The value is a key (a calendar feed's token): the request log writes the parameter's name instead. */
  secret?: true;
}

/** A multipart upload of one file instead of a JSON body; parsed in memory, bounded. */
export interface UploadSpec {
  field: string;
  maxBytes: number;
  mediaTypes: readonly string[];
  description: string;
  /** Catalogue keys: the file is over maxBytes (413); no file came, or the body is not multipart (400). */
  tooLargeKey: string;
  missingKey: string;
  /**
   * memory (the default): the bytes, for small files. disk: streamed to a file in the data folder's
   * uploads folder (a backup may be far larger than memory should hold), deleted once the handler returns.
   */
  storage?: 'memory' | 'disk';
}

export interface AnswerSpec<S extends z.ZodType = z.ZodType> {
  description: string;
  schema: S;
  /** application/json unless said otherwise. */
  mediaTypes?: readonly string[];
}

export interface RouteContract {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, with the /api prefix: `/api/polls/{pollId}`. */
  path: string;
  tag: TagName;
  summary: string;
  description?: string;
  who: Caller;
  /** A member write that bots may call all the same (it changes nothing). */
  botsMay?: true;
  /** Anyone may call it, and a token changes the answer (GET /api/home). */
  optionalToken?: true;
  params?: Record<string, PathParam>;
  /** The query string. */
  query?: z.ZodObject;
  /** The JSON body; a missing body is read as {}. */
  body?: z.ZodType;
  upload?: UploadSpec;
  answer: AnswerSpec;
  /**
   * Errors this route answers beyond those every route of its kind does (see openapi.ts): each status to
   * the catalogue keys of its details, so the document quotes the messages the server really sends.
   */
  errors?: Partial<Record<ErrorStatus, readonly string[]>>;
}

/** A contract entry, its literal types kept so the server's handler and the client are typed from it. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** Bots are read-only members: anything anyone may call, member GETs, and member routes marked botsMay. */
export function botsMayCall(contract: Pick<RouteContract, 'who' | 'method' | 'botsMay'>): boolean {
  if (contract.who === 'anonymous') return true;
  return contract.who === 'member' && (contract.method === 'get' || contract.botsMay === true);
}

/* Path parameters ---------------------------------------------------------------------------------- */

/** A positive integer id; anything else names nothing, so it is a 404 with the thing's own message. */
export function idParam(what: string, notFound: string): PathParam<z.ZodNumber> {
  return {
    description: `The ${what}'s id (a positive integer; anything else is a 404).`,
    schema: z.number().int().min(1),
    integer: true,
    notFound,
  };
}

export function textParam(description: string): PathParam<z.ZodString> {
  return { description, schema: z.string() };
}

/** A path parameter that is itself a key to something (see PathParam.secret). */
export function secretParam(description: string): PathParam<z.ZodString> {
  return { description, schema: z.string(), secret: true };
}

/* Answers -------------------------------------------------------------------------------------------- */

export interface ComponentMeta {
  id: string;
  description: string;
}

/** The named answer schemas, which the OpenAPI document lists as components and refers to. */
export const apiComponents = new Map<z.ZodType, ComponentMeta>();

/** Names an answer schema: the document shows it once, as a component, and points at it. */
export function component<S extends z.ZodType>(id: string, description: string, schema: S): S {
  apiComponents.set(schema, { id, description });
  return schema;
}

/** Answer building blocks, each with the words the document shows. */
export const field = {
  id: (what: string) => z.number().int().min(1).describe(`The ${what}'s id.`),
  userId: (description = 'An opaque user id (a UUID).') => z.string().describe(description),
  dateTime: () => z.string().describe('ISO 8601, UTC.').meta({ format: 'date-time' }),
  text: (description: string) => z.string().describe(description),
};

export const answer = {
  one: <S extends z.ZodType>(schema: S, description: string): AnswerSpec<S> => ({ schema, description }),
  list: <S extends z.ZodType>(schema: S, description: string): AnswerSpec<z.ZodArray<S>> => ({ schema: z.array(schema), description }),
  yes: (description: string): AnswerSpec<z.ZodLiteral<true>> => ({ schema: z.literal(true), description }),
};

/* Types read off an entry ----------------------------------------------------------------------------- */

type Params<C> = C extends { params: infer P extends Record<string, PathParam> } ? P : Record<never, PathParam>;

/** The path parameters as the handler gets them (ids as numbers). */
export type ParamsOf<C> = { [K in keyof Params<C>]: Params<C>[K] extends PathParam<infer S> ? z.output<S> : never };
/** The query as the handler gets it (parsed) and as a client sends it. */
export type QueryOf<C> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<never, unknown>;
export type QueryInputOf<C> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : Record<never, unknown>;
/** The body as the handler gets it (parsed) and as a client sends it. */
export type BodyOf<C> = C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type BodyInputOf<C> = C extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** What the route answers. */
export type AnswerOf<C> = C extends { answer: { schema: infer S extends z.ZodType } } ? z.output<S> : never;
