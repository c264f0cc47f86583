import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AnswerOf, BodyOf, ParamsOf, PathParam, QueryOf, RouteContract, UploadSpec } from '../../shared/api/contract';
import type { User } from '../features/accounts/user.entity';
import { sendAnswer, type AnswerCache, type AnswerSharing } from './answer-cache';
import { requireRole } from './auth';
import type { AppContext, AppState } from './context';
import { NotFound } from './errors';
import { uploadParser } from './upload';
import { parseWith } from './validate';

/** A handler's answer when it wrote the response itself (a file, a page). */
export const ANSWERED: unique symbol = Symbol('answered');

/** What a handler gets: everything its contract names, already checked and parsed. */
export interface RouteInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The signed-in account; only a route anyone may call can see a visitor (null). */
  user: C['who'] extends 'anonymous' ? User | null : User;
  /** The uploaded file: its bytes, or for an upload stored on disk the file's path (gone once the handler returns). */
  upload: C extends { upload: { storage: 'disk' } } ? string : C extends { upload: UploadSpec } ? Buffer : undefined;
  ctx: AppContext;
}

type Answer<C extends RouteContract> = AnswerOf<C> | typeof ANSWERED;
export type RouteHandler<C extends RouteContract> = (input: RouteInput<C>) => Answer<C> | Promise<Answer<C>>;

export interface BoundRoute {
  contract: RouteContract;
  handler: RouteHandler<RouteContract>;
  /** A read whose answer is kept until the next write (answer-cache.ts), and for whom. */
  cached?: AnswerSharing;
  aroundUpload?: AroundUpload<RouteContract>;
}

/**
 * Runs after the role check and before a byte of the upload is read, around the rest (reading the upload,
 * then the handler): it may refuse before the body is read (a lock held, a confirmation wrong), and what it
 * takes (a lock) is held until the handler is done. After such a refusal, Node discards the rest of the
 * body as it comes (never written anywhere), and the client, a browser mid-upload too, reads the answer.
 */
export type AroundUpload<C extends RouteContract> = (input: { query: QueryOf<C>; user: RouteInput<C>['user']; ctx: AppContext }, next: () => Promise<void>) => Promise<void>;

export interface HandleOptions<C extends RouteContract = RouteContract> {
  /**
   * Keep this read's answer until the next write. Only for a handler whose answer depends on nothing but
   * the database, its path and query, and (per-role) whether the caller is a moderator or (per-member) the
   * caller's account and whether they sit at the host's machine: a handler reading anything else from `ctx`
   * must not be cached.
   */
  cached?: AnswerSharing;
  /** For a route with an upload: see AroundUpload. */
  aroundUpload?: AroundUpload<C>;
}

/** A contract entry and the code that answers it. */
export function handle<const C extends RouteContract>(contract: C, handler: RouteHandler<C>, options: HandleOptions<C> = {}): BoundRoute {
  if (options.cached && contract.method !== 'get') throw new Error(`${contract.operationId} is not a read: it cannot be cached`);
  if (options.aroundUpload && !contract.upload) throw new Error(`${contract.operationId} has no upload to run around`);
  return {
    contract,
    handler: handler as unknown as RouteHandler<RouteContract>,
    cached: options.cached,
    aroundUpload: options.aroundUpload as unknown as AroundUpload<RouteContract> | undefined,
  };
}

function aroundUploadMiddleware(contract: RouteContract, around: AroundUpload<RouteContract>): Middleware<AppState> {
  return async function aroundUpload(ctx, next) {
    const query = (contract.query ? parseWith(contract.query, ctx.query) : {}) as QueryOf<RouteContract>;
    await around({ query, user: ctx.state.user as RouteInput<RouteContract>['user'], ctx }, () => next());
  };
}

/** `/api/polls/{pollId}` as the router writes it: `/api/polls/:pollId`. */
export function routerPath(contractPath: string): string {
  return contractPath.replace(/\{(\w+)\}/g, ':$1');
}

const DIGITS = /^\d+$/;

/**
 * Reads a route's path parameters: a refused value is a 404 where it names nothing, else a 400 naming the
 * parameter. The object schema is made once per route, not per request.
 */
function paramsReader(params: Record<string, PathParam>): (raw: Record<string, string>) => Record<string, unknown> {
  const entries = Object.entries(params);
  const schema = z.object(Object.fromEntries(entries.map(([name, param]) => [name, param.schema])));
  return (raw) => {
    const values: Record<string, unknown> = {};
    for (const [name, param] of entries) {
      const text = raw[name] ?? '';
      const value = param.integer ? (DIGITS.test(text) ? Number(text) : Number.NaN) : text;
      if (param.notFound && !param.schema.safeParse(value).success) throw new NotFound(param.notFound);
      values[name] = value;
    }
    return parseWith(schema, values);
  };
}

/**
 * The parsed JSON body; none at all reads as {} (the contract's word), as a POST without a body comes from
 * Obskurnee's client (close-discussion). koa-body answers '' for an empty body (co-body, not strict), and a
 * JSON `null` says "nothing" too.
 */
function bodyOf(ctx: AppContext): unknown {
  const body: unknown = ctx.request.body;
  return body === undefined || body === null || body === '' ? {} : body;
}

function answering({ contract, handler, cached }: BoundRoute, answers: AnswerCache | undefined): Middleware<AppState> {
  const readParams = contract.params ? paramsReader(contract.params) : undefined;
  const answer = (ctx: AppContext) => {
    const input = {
      params: readParams ? readParams(ctx.params as Record<string, string>) : {},
      query: contract.query ? parseWith(contract.query, ctx.query) : {},
      body: contract.body ? parseWith(contract.body, bodyOf(ctx)) : undefined,
      user: ctx.state.user,
      upload: ctx.state.upload ?? ctx.state.uploadFile,
      ctx,
    } as RouteInput<RouteContract>;
    return handler(input);
  };
  if (!cached || !answers) {
    return async function answerNow(ctx) {
      const result = await answer(ctx);
      if (result !== ANSWERED) ctx.body = result;
    };
  }
  const route = { operationId: contract.operationId, sharing: cached, who: contract.who, botsMay: contract.botsMay === true };
  return async function answerFromCache(ctx) {
    await sendAnswer(ctx, await answers.answerRead(route, ctx.state, ctx.url, () => answer(ctx)));
  };
}

/**
 * The router of the whole API, registered from the contract: each route's role guard, then its upload
 * parser, then its parameters, query and body parsed, then its handler (or its kept answer, with `answers`). Every contract entry must have
 * exactly one handler and every handler a contract entry, or the server does not start.
 */
export function contractRouter(
  routes: readonly BoundRoute[],
  contracts: readonly RouteContract[],
  options: { answers?: AnswerCache; uploadDir?: string } = {},
): Router<AppState> {
  const handlers = new Map<RouteContract, BoundRoute>();
  for (const route of routes) {
    const { contract } = route;
    if (handlers.has(contract)) throw new Error(`${contract.operationId} has two handlers`);
    if (!contracts.includes(contract)) throw new Error(`${contract.operationId} has a handler but is not in the contract`);
    handlers.set(contract, route);
  }
  const unanswered = contracts.filter((contract) => !handlers.has(contract)).map((contract) => contract.operationId);
  if (unanswered.length) throw new Error(`No handler for ${unanswered.join(', ')}`);

  const router = new Router<AppState>();
  for (const contract of contracts) {
    const chain: Middleware<AppState>[] = [];
    if (contract.who !== 'anonymous') chain.push(requireRole(contract.who, { botsMay: contract.botsMay === true }));
    const around = handlers.get(contract)!.aroundUpload;
    if (around) chain.push(aroundUploadMiddleware(contract, around));
    if (contract.upload) chain.push(uploadParser(contract.upload, options.uploadDir));
    chain.push(answering(handlers.get(contract)!, options.answers));
    router.register(routerPath(contract.path), [contract.method], chain, { name: contract.operationId });
  }
  return router;
}
