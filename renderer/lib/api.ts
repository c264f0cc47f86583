import { isProblemDetails, type ProblemDetails } from '../../shared/api/problem';
import type { Language } from '../../shared/constants';

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

/** The one API client: bearer token, Accept-Language, JSON in and out, problem details into ApiError. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
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
    return data as T;
  }

  return {
    /** `signal` lets a caller abort a read that is no longer wanted (a superseded search). */
    get: <T>(path: string, init: { signal?: AbortSignal } = {}) => request<T>('GET', path, undefined, init.signal),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
