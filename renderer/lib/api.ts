import type { API } from '../../shared/api';
import type { AnswerOf, BodyInputOf, ParamsOf, QueryInputOf, RouteContract } from '../../shared/api/contract';
import type { ProblemDetails } from '../../shared/api/problem';
import { isProblemDetails } from '../../shared/api/problem-shape';
import type { Language } from '../../shared/constants';
import { API_TARGETS } from './api-routes';
import { downloadTypes, type RouteTarget } from './route-table';

/** An answer other than 2xx; carries the server's problem details when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemDetails | null,
    /** A signed-in call answered 401: the member's token was revoked or expired, and their session has ended. */
    readonly sessionEnded = false,
  ) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** Field name to translated messages, for showing beside form fields. */
  get fieldErrors(): Record<string, string[]> {
    return this.problem?.errors ?? {};
  }
}

export interface ApiClientOptions {
  getToken(): string | null;
  getLanguage(): Language;
  /** Called with the token a signed-in call sent when it answers 401: that token is no longer good. */
  onUnauthorized?(token: string): void;
  fetch?: typeof fetch;
}

/** What a call of a route sends: exactly the parts its contract entry has. */
export type CallInput<C extends RouteContract> = (C extends { params: object } ? { params: ParamsOf<C> } : unknown) &
  (C extends { query: object } ? { query: QueryInputOf<C> } : unknown) &
  (C extends { body: object } ? { body: BodyInputOf<C> } : unknown) &
  (C extends { upload: object } ? { upload: File } : unknown) &
  CallOptions;

/** How one call is sent, whatever its route. */
export interface CallOptions {
  /** Lets a caller abort a read that is no longer wanted (a superseded search), or one that takes too long. */
  signal?: AbortSignal;
  /**
   * Sent without the member's token, as a visitor: the answer must not depend on the session, and a 401
   * must not end it (asking whether a restored club is back, whose secret may no longer be this session's).
   */
  asVisitor?: true;
  /** The browser's HTTP cache for this call (no-store: an answer that must be the server's now). */
  cache?: RequestCache;
}

/** A route's answer that is a file (a backup): its bytes as they came, and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** The answer's Content-Disposition header: the file's name, when the server gave one. */
  disposition: string | null;
}

/** What a call resolves to: the answer's parsed JSON, or the file a route answers with instead. */
export type CallAnswer<C extends RouteContract> = C extends { answer: { mediaTypes: readonly string[] } }
  ? 'application/json' extends C['answer']['mediaTypes'][number]
    ? AnswerOf<C>
    : DownloadedFile
  : AnswerOf<C>;

/** Routes whose contract needs nothing may be called without an argument. */
type NeedsInput<C> = C extends { params: object } | { query: object } | { body: object } | { upload: object } ? true : false;
export type RouteCall<C extends RouteContract> =
  NeedsInput<C> extends true ? (input: CallInput<C>) => Promise<CallAnswer<C>> : (input?: CallInput<C>) => Promise<CallAnswer<C>>;

/** The whole API as functions, one per contract entry: `api.polls.vote({ params: { pollId }, body })`. */
export type ContractClient<T> = { [F in keyof T]: { [R in keyof T[F]]: T[F][R] extends RouteContract ? RouteCall<T[F][R]> : never } };

/** A route's URL: the path with its parameters filled in, and the query string. */
export function urlOf(contract: Pick<RouteTarget, 'path'>, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(name, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The one API client: bearer token, Accept-Language, JSON in and out, problem details into ApiError. */
export function createApiClient(clientOptions: ApiClientOptions) {
  const doFetch = clientOptions.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request(target: RouteTarget, url: string, body: unknown, options: CallOptions): Promise<unknown> {
    const token = options.asVisitor ? null : clientOptions.getToken();
    const headers: Record<string, string> = {
      // A file's answer is asked for as itself, and a refusal still comes as problem details.
      Accept: target.download ? [...target.download.mediaTypes, 'application/problem+json'].join(', ') : 'application/json',
      'Accept-Language': clientOptions.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await doFetch(url, {
      method: target.method.toUpperCase(),
      headers,
      body: payload,
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
    // A file's bytes are kept as they came: reading them as text would change them.
    if (response.ok && target.download)
      return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') } satisfies DownloadedFile;
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!response.ok) {
      const sessionEnded = response.status === 401 && !!token;
      if (sessionEnded && token) clientOptions.onUnauthorized?.(token);
      throw new ApiError(response.status, isProblemDetails(data) ? data : null, sessionEnded);
    }
    return data;
  }

  /** Calls one route as its contract entry says: method, path, parameters, query, body or upload. */
  function send(target: RouteTarget, input: { body?: unknown; upload?: File; params?: object; query?: object } & CallOptions = {}): Promise<unknown> {
    const { body, upload, signal, asVisitor, cache } = input;
    let payload: unknown;
    if (target.upload) {
      const form = new FormData();
      if (upload) form.append(target.upload.field, upload, upload.name);
      payload = form;
    } else if (target.method !== 'get' && target.method !== 'delete') {
      // A write without a body still sends {}: the server reads a missing body as {} too.
      payload = body ?? {};
    }
    return request(target, urlOf(target, input), payload, { signal, asVisitor, cache });
  }

  function call<C extends RouteContract>(contract: C, input: Partial<CallInput<C>> = {}): Promise<CallAnswer<C>> {
    const mediaTypes = downloadTypes(contract);
    return send(mediaTypes ? { ...contract, download: { mediaTypes } } : contract, input) as Promise<CallAnswer<C>>;
  }

  const routes = Object.fromEntries(
    Object.entries(API_TARGETS).map(([feature, targets]) => [
      feature,
      Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, (input?: object) => send(target, input)])),
    ]),
  ) as ContractClient<typeof API>;

  return { call, ...routes };
}

/** The API client's calls: one function per contract entry, and `call` for an entry given as itself. */
export type ApiClient = ReturnType<typeof createApiClient>;
