import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api';

function fakeFetch(status: number, body: unknown, contentType = 'application/json') {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': contentType } }),
  );
}

describe('the API client', () => {
  it('sends the bearer token and a plain Accept-Language', async () => {
    const fetch = fakeFetch(200, { ok: true });
    const api = createApiClient({ getToken: () => 'abc', getLanguage: () => 'sk', fetch });
    await api.post('/api/x', { a: 1 });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Accept-Language': 'sk', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = fakeFetch(200, {});
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch });
    await api.get('/api/home');
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it('turns problem details into an ApiError with the detail and field errors', async () => {
    const problem = { status: 400, title: 'Bad request', detail: 'Some fields are missing.', errors: { email: ['Required'] } };
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch: fakeFetch(400, problem, 'application/problem+json') });
    const error = await api.post('/api/accounts/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Some fields are missing.');
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Required'] });
  });

  it('reports a 401 on a signed-in call with the token it sent, so the session can end', async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getToken: () => 'expired', getLanguage: () => 'en', fetch: fakeFetch(401, { status: 401, title: 'x', detail: 'y' }), onUnauthorized });
    const error = await api.get('/api/accounts/context').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).sessionEnded).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('does not end a session on a visitor’s 401 (a wrong password) or on a member’s 403', async () => {
    const onUnauthorized = vi.fn();
    const visitor = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch: fakeFetch(401, { status: 401, title: 'x', detail: 'Wrong email or password.' }), onUnauthorized });
    const wrongPassword = await visitor.post('/api/accounts/login', {}).catch((e: unknown) => e);
    expect((wrongPassword as ApiError).sessionEnded).toBe(false);
    const member = createApiClient({ getToken: () => 'good', getLanguage: () => 'en', fetch: fakeFetch(403, { status: 403, title: 'x', detail: 'Admins only.' }), onUnauthorized });
    const forbidden = await member.post('/api/admin/registerbot', {}).catch((e: unknown) => e);
    expect((forbidden as ApiError).sessionEnded).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('reads that are no longer wanted', () => {
  it('pass the caller’s abort signal to fetch', async () => {
    const fetch = fakeFetch(200, []);
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch });
    const controller = new AbortController();
    await api.get('/api/search?query=sol', { signal: controller.signal });
    expect(fetch.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });
});
