import type { API } from '../../shared/api';
import type { AnswerOf, BodyInputOf, ParamsOf, QueryInputOf, RouteContract } from '../../shared/api/contract';
import type { ProblemDetails } from '../../shared/api/problem';
import { isProblemDetails } from '../../shared/api/problem-shape';
import type { Language } from '../../shared/constants';
import { API_TARGETS } from './api-routes';
import type { RouteTarget } from './route-table';

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
  (C extends { upload: object } ? { upload: File } : unknown) & {
    /** Lets a caller abort a read that is no longer wanted (a superseded search). */
    signal?: AbortSignal;
  };

/** Routes whose contract needs nothing may be called without an argument. */
type NeedsInput<C> = C extends { params: object } | { query: object } | { body: object } | { upload: object } ? true : false;
export type RouteCall<C extends RouteContract> =
  NeedsInput<C> extends true ? (input: CallInput<C>) => Promise<AnswerOf<C>> : (input?: CallInput<C>) => Promise<AnswerOf<C>>;

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
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    const token = options.getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await doFetch(path, { method, headers, body: payload, signal });
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
      if (sessionEnded && token) options.onUnauthorized?.(token);
      throw new ApiError(response.status, isProblemDetails(data) ? data : null, sessionEnded);
    }
    return data;
  }

  /** Calls one route as its contract entry says: method, path, parameters, query, body or upload. */
  function send(target: RouteTarget, input: { body?: unknown; upload?: File; signal?: AbortSignal; params?: object; query?: object } = {}): Promise<unknown> {
    const { body, upload, signal } = input;
    let payload: unknown;
    if (target.upload) {
      const form = new FormData();
      if (upload) form.append(target.upload.field, upload, upload.name);
      payload = form;
    } else if (target.method !== 'get' && target.method !== 'delete') {
      // A write without a body still sends {}: the server reads a missing body as {} too.
      payload = body ?? {};
    }
    return request(target.method.toUpperCase(), urlOf(target, input), payload, signal);
  }

  function call<C extends RouteContract>(contract: C, input: Partial<CallInput<C>> = {}): Promise<AnswerOf<C>> {
    return send(contract, input) as Promise<AnswerOf<C>>;
  }

  const routes = Object.fromEntries(
    Object.entries(API_TARGETS).map(([feature, targets]) => [
      feature,
      Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, (input?: object) => send(target, input)])),
    ]),
  ) as ContractClient<typeof API>;

  return { call, ...routes };
}
