import { API_ROUTES } from '../../shared/api';
import type { AnswerOf, RouteContract } from '../../shared/api/contract';
import { ApiError, createApiClient } from '../lib/api';
import { createQueryClient } from '../lib/query-client';

/** What a fake route is called with: path parameters (as strings), the query string and the JSON body. */
export interface FakeCall {
  route: RouteContract;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** The request's signal: aborted when the caller no longer wants the answer. */
  signal?: AbortSignal;
}

type Answer<C extends RouteContract> = (call: FakeCall) => AnswerOf<C> | Promise<AnswerOf<C>>;

/** A refusal a fake route answers with, as the server would: status and problem detail. */
export function refusal(status: number, detail: string): ApiError {
  return new ApiError(status, { status, title: detail, detail });
}

/** The route's path as a pattern: `/api/polls/{pollId}` matches `/api/polls/4`, naming `pollId`. */
function matcher(route: RouteContract): RegExp {
  const parts = route.path.split(/\{(\w+)\}/);
  const pattern = parts.map((part, i) => (i % 2 ? `(?<${part}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * A stand-in server for renderer tests: each route answers what the test says (or a promise the test
 * settles, to race answers), through the real client and its error handling. Calls are recorded.
 */
export function fakeServer() {
  const answers = new Map<RouteContract, Answer<RouteContract>>();
  const calls: FakeCall[] = [];

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://club.test');
    const method = (init?.method ?? 'GET').toLowerCase();
    for (const route of API_ROUTES) {
      const found = route.method === method && matcher(route).exec(url.pathname);
      if (!found) continue;
      const params = Object.fromEntries(Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { route, params, query: url.searchParams, body, signal: init?.signal ?? undefined };
      calls.push(call);
      const answer = answers.get(route);
      if (!answer) return new Response(JSON.stringify({ status: 501, detail: `No fake answer for ${route.operationId}` }), { status: 501 });
      init?.signal?.throwIfAborted();
      try {
        return Response.json(await answer(call));
      } catch (error) {
        if (error instanceof ApiError) return Response.json(error.problem, { status: error.status });
        throw error;
      }
    }
    return new Response(null, { status: 404 });
  }

  return {
    calls,
    fetch,
    /** How `route` answers from now on. */
    on<C extends RouteContract>(route: C, answer: Answer<C>) {
      answers.set(route, answer as Answer<RouteContract>);
    },
    /** The calls made to `route` so far. */
    callsOf(route: RouteContract) {
      return calls.filter((call) => call.route === route);
    },
    reset() {
      answers.clear();
      calls.length = 0;
    },
  };
}

/** The fake server every test of a file shares, and the app's client pointed at it. */
export const server = fakeServer();

/**
 * Stands in for renderer/lib/api-client.ts: `vi.mock('<path>/lib/api-client', () => import('<path>/test-support/fake-api'))`
 * makes every feature's queries and mutations call the fake server.
 */
export const api = createApiClient({ getToken: () => 'member-token', getLanguage: () => 'en', fetch: (input, init) => server.fetch(input, init) });
export function onUnauthorized(): void {}

/** A fresh cache per test, with the app's defaults but no retries, so a failure shows at once. */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false, gcTime: Infinity } });
  return client;
}

/** A promise a test settles when it likes: to answer requests out of order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
