import type { AnswerOf, BodyOf, ParamsOf, QueryOf, RouteContract, UploadSpec } from '../../shared/api/contract';
import type { AnswerSharing } from './answer-cache';
import type { AppContext, SignedIn } from './context';

/** A handler's answer when it wrote the response itself (a file, a page). */
export const ANSWERED: unique symbol = Symbol('answered');

/** A feature's contract entries by route name (`meetingsApi`): what one set of handlers answers. */
export type RouteGroup = Readonly<Record<string, RouteContract>>;

/** What a handler gets: everything its contract names, already checked and parsed. */
export interface RouteInput<C extends RouteContract, M extends SignedIn = SignedIn> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The signed-in account; only a route anyone may call can see a visitor (null). */
  user: C['who'] extends 'anonymous' ? M | null : M;
  /** The uploaded file: its bytes, or for an upload stored on disk the file's path (gone once the handler returns). */
  upload: C extends { upload: { storage: 'disk' } } ? string : C extends { upload: UploadSpec } ? Buffer : undefined;
  ctx: AppContext<M>;
}

type Answer<C extends RouteContract> = AnswerOf<C> | typeof ANSWERED;
export type RouteHandler<C extends RouteContract, M extends SignedIn = SignedIn> = (input: RouteInput<C, M>) => Answer<C> | Promise<Answer<C>>;

/**
 * Runs after the role check and before a byte of the upload is read, around the rest (reading the upload,
 * then the handler): it may refuse before the body is read (a lock held, a confirmation wrong), and what it
 * takes (a lock) is held until the handler is done. After such a refusal, Node discards the rest of the
 * body as it comes (never written anywhere), and the client, a browser mid-upload too, reads the answer.
 */
export type AroundUpload<C extends RouteContract, M extends SignedIn = SignedIn> = (
  input: { query: QueryOf<C>; user: RouteInput<C, M>['user']; ctx: AppContext<M> },
  next: () => Promise<void>,
) => Promise<void>;

/** A handler with what it asks of the router besides; each option only where the contract allows it. */
export interface RouteEntry<C extends RouteContract, M extends SignedIn = SignedIn> {
  handler: RouteHandler<C, M>;
  /**
   * Keep this read's answer until the next write. Only for a handler whose answer depends on nothing but
   * the database, its path and query, and (per-role) whether the caller is a moderator or (per-member) the
   * caller's account and whether they sit at the host's machine: a handler reading anything else from `ctx`
   * must not be cached.
   */
  cached?: C['method'] extends 'get' ? AnswerSharing : never;
  /** For a route with an upload: see AroundUpload. */
  aroundUpload?: C extends { upload: UploadSpec } ? AroundUpload<C, M> : never;
  /**
   * Whether the caller may touch what the path names, checked before the query and body are: a member
   * writing to another's thing is told 403, whatever they sent (a body's 400 would tell them more).
   */
  guard?: RouteGuard<C, M>;
}

/** See RouteEntry's guard: throws (403, 404) to refuse, from the path's parameters and the caller alone. */
export type RouteGuard<C extends RouteContract, M extends SignedIn = SignedIn> = (input: Pick<RouteInput<C, M>, 'params' | 'user' | 'ctx'>) => void;

/**
 * One handler per route name of the group, typed from its entry: a route left out, a name the group does
 * not have, or a handler taking or answering the wrong shapes does not compile (as ts-rest's
 * `s.router(contract, handlers)`).
 */
export type RouteHandlers<G extends RouteGroup, M extends SignedIn = SignedIn> = {
  [K in keyof G]: RouteHandler<G[K], M> | RouteEntry<G[K], M>;
};

/** A contract entry and the code that answers it, as the router registers it. */
export interface BoundRoute<M extends SignedIn = SignedIn> {
  contract: RouteContract;
  handler: RouteHandler<RouteContract, M>;
  /** A read whose answer is kept until the next write (answer-cache.ts), and for whom. */
  cached?: AnswerSharing;
  aroundUpload?: AroundUpload<RouteContract, M>;
  guard?: RouteGuard<RouteContract, M>;
}

/** A group's routes with their handlers; the group comes along so the app's router can be typed per feature. */
export interface RouteSet<G extends RouteGroup = RouteGroup, M extends SignedIn = SignedIn> {
  readonly group: G;
  readonly routes: readonly BoundRoute<M>[];
}

/** A handler as `implement` reads it at run time, with whatever options came (the types checked them per route). */
type Implementation<M extends SignedIn> = RouteHandler<RouteContract, M> | Omit<BoundRoute<M>, 'contract'>;

function bind<M extends SignedIn>(contract: RouteContract, implementation: Implementation<M>): BoundRoute<M> {
  const { handler, cached, aroundUpload, guard } = typeof implementation === 'function' ? { handler: implementation } : implementation;
  if (cached && contract.method !== 'get') throw new Error(`${contract.operationId} is not a read: it cannot be cached`);
  if (aroundUpload && !contract.upload) throw new Error(`${contract.operationId} has no upload to run around`);
  return { contract, handler, cached, aroundUpload, guard };
}

/**
 * `implement(group, handlers)` for handlers that get `M` as the signed-in account (the accounts feature's
 * User): made once per routes file, as the account's type can only be given, not inferred. The types catch
 * a missing or unknown route name; so does this at run time, for a caller that cast its way past them.
 */
export function routeImplementer<M extends SignedIn>() {
  return function implement<const G extends RouteGroup>(group: G, handlers: NoInfer<RouteHandlers<G, M>>): RouteSet<G, M> {
    const implementations = handlers as unknown as Record<string, Implementation<M> | undefined>;
    const unknown = Object.keys(implementations).filter((name) => !Object.hasOwn(group, name));
    if (unknown.length) throw new Error(`Handlers for routes the contract does not have: ${unknown.join(', ')}`);
    const routes = Object.entries(group).map(([name, contract]) => {
      const implementation = implementations[name];
      if (!implementation) throw new Error(`No handler for ${contract.operationId}`);
      return bind(contract, implementation);
    });
    return { group, routes };
  };
}
