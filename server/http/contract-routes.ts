import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { PathParam, QueryOf, RouteContract } from '../../shared/api/contract';
import { sendAnswer, type AnswerCache } from './answer-cache';
import { requireRole } from './auth';
import type { AppContext, AppState, SignedIn } from './context';
import { NotFound } from './errors';
import { ANSWERED, type AroundUpload, type BoundRoute, type RouteGroup, type RouteInput, type RouteSet } from './route-handlers';
import { uploadParser } from './upload';
import { parseWith } from './validate';

function aroundUploadMiddleware<M extends SignedIn>(contract: RouteContract, around: AroundUpload<RouteContract, M>): Middleware<AppState<M>> {
  return async function aroundUpload(ctx, next) {
    const query = (contract.query ? parseWith(contract.query, ctx.query) : {}) as QueryOf<RouteContract>;
    await around({ query, user: ctx.state.user as RouteInput<RouteContract, M>['user'], ctx }, () => next());
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

function answering<M extends SignedIn>({ contract, handler, cached, guard }: BoundRoute<M>, answers: AnswerCache | undefined): Middleware<AppState<M>> {
  const readParams = contract.params ? paramsReader(contract.params) : undefined;
  const answer = (ctx: AppContext<M>) => {
    const params = readParams ? readParams(ctx.params as Record<string, string>) : {};
    // Whose thing it is comes before what the query and body say (RouteEntry's guard).
    guard?.({ params, user: ctx.state.user, ctx } as Parameters<typeof guard>[0]);
    const input = {
      params,
      query: contract.query ? parseWith(contract.query, ctx.query) : {},
      body: contract.body ? parseWith(contract.body, bodyOf(ctx)) : undefined,
      user: ctx.state.user,
      upload: ctx.state.upload ?? ctx.state.uploadFile,
      ctx,
    } as RouteInput<RouteContract, M>;
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

/** The API's contract groups by feature (shared/api's `API`), in the order their routes are matched. */
export type ApiGroups = Readonly<Record<string, RouteGroup>>;

/** The routes of each feature of the API: a feature left out, or given another's routes, does not compile. */
export type ApiRouteSets<A extends ApiGroups, M extends SignedIn> = { [F in keyof A]: RouteSet<A[F], M> };

/**
 * The router of the whole API, registered from the contract: each route's role guard, then its upload
 * parser, then its parameters parsed, its guard, its query and body parsed, then its handler (or its kept answer, with
 * `answers`). The types ask for every feature's routes, each answered for `M`, the signed-in account the
 * sign-in middleware reads (given: it cannot be inferred from handlers that take it); and every contract
 * entry must have exactly one handler and every handler a contract entry, or the server does not start.
 */
export function contractRouter<A extends ApiGroups, M extends SignedIn>(
  api: A,
  routeSets: ApiRouteSets<A, M>,
  options: { answers?: AnswerCache; uploadDir?: string } = {},
): Router<AppState<M>> {
  const contracts = Object.values(api).flatMap((group) => Object.values(group));
  const routes = Object.values(routeSets as ApiRouteSets<ApiGroups, M>).flatMap((set) => set.routes);
  const handlers = new Map<RouteContract, BoundRoute<M>>();
  for (const route of routes) {
    const { contract } = route;
    if (handlers.has(contract)) throw new Error(`${contract.operationId} has two handlers`);
    if (!contracts.includes(contract)) throw new Error(`${contract.operationId} has a handler but is not in the contract`);
    handlers.set(contract, route);
  }
  const unanswered = contracts.filter((contract) => !handlers.has(contract)).map((contract) => contract.operationId);
  if (unanswered.length) throw new Error(`No handler for ${unanswered.join(', ')}`);

  const router = new Router<AppState<M>>();
  for (const contract of contracts) {
    const chain: Middleware<AppState<M>>[] = [];
    if (contract.who !== 'anonymous') chain.push(requireRole(contract.who, { botsMay: contract.botsMay === true }));
    const around = handlers.get(contract)!.aroundUpload;
    if (around) chain.push(aroundUploadMiddleware(contract, around));
    if (contract.upload) chain.push(uploadParser(contract.upload, options.uploadDir));
    chain.push(answering(handlers.get(contract)!, options.answers));
    router.register(routerPath(contract.path), [contract.method], chain, { name: contract.operationId });
  }
  return router;
}
