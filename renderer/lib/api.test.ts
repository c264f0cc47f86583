import { describe, expect, it, vi } from 'vitest';
import { API } from '../../shared/api';
import { ApiError, createApiClient, urlOf } from './api';

function fakeFetch(status: number, body: unknown, contentType = 'application/json') {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': contentType } }),
  );
}

describe('the API client', () => {
  it('sends the bearer token and a plain Accept-Language', async () => {
    const fetch = fakeFetch(200, { ok: true });
    const api = createApiClient({ getToken: () => 'abc', getLanguage: () => 'sk', fetch });
    await api.rounds.start({ body: { topic: 'Books', title: 'Spring' } });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Accept-Language': 'sk', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"topic":"Books","title":"Spring"}');
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = fakeFetch(200, {});
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch });
    await api.home.get();
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it('turns problem details into an ApiError with the detail and field errors', async () => {
    const problem = { status: 400, title: 'Bad request', detail: 'Some fields are missing.', errors: { email: ['Required'] } };
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch: fakeFetch(400, problem, 'application/problem+json') });
    const error = await api.accounts.login({ body: { email: '', password: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Some fields are missing.');
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Required'] });
  });

  it('reports a 401 on a signed-in call with the token it sent, so the session can end', async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      getToken: () => 'expired',
      getLanguage: () => 'en',
      fetch: fakeFetch(401, { status: 401, title: 'x', detail: 'y' }),
      onUnauthorized,
    });
    const error = await api.accounts.context().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).sessionEnded).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('does not end a session on a visitor’s 401 (a wrong password) or on a member’s 403', async () => {
    const onUnauthorized = vi.fn();
    const visitor = createApiClient({
      getToken: () => null,
      getLanguage: () => 'en',
      fetch: fakeFetch(401, { status: 401, title: 'x', detail: 'Wrong email or password.' }),
      onUnauthorized,
    });
    const wrongPassword = await visitor.accounts.login({ body: { email: 'a@b.c', password: 'x' } }).catch((e: unknown) => e);
    expect((wrongPassword as ApiError).sessionEnded).toBe(false);
    const member = createApiClient({
      getToken: () => 'good',
      getLanguage: () => 'en',
      fetch: fakeFetch(403, { status: 403, title: 'x', detail: 'Admins only.' }),
      onUnauthorized,
    });
    const forbidden = await member.admin.registerBot({ body: { email: 'b@c.d', name: 'B', password: 'x' } }).catch((e: unknown) => e);
    expect((forbidden as ApiError).sessionEnded).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('reads that are no longer wanted', () => {
  it('pass the caller’s abort signal to fetch', async () => {
    const fetch = fakeFetch(200, []);
    const api = createApiClient({ getToken: () => null, getLanguage: () => 'en', fetch });
    const controller = new AbortController();
    await api.search.search({ query: { query: 'sol' }, signal: controller.signal });
    expect(fetch.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });
});

describe('calls made from the contract', () => {
  it('fill in path parameters, encoded, and use the method the contract names', async () => {
    const fetch = fakeFetch(200, {});
    const api = createApiClient({ getToken: () => 't', getLanguage: () => 'en', fetch });
    await api.admin.makeModerator({ params: { email: 'a+b@club.test' } });
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/makemod/a%2Bb%40club.test');
    expect(fetch.mock.calls[0]![1]!.method).toBe('POST');
    // A write without a body still sends {}.
    expect(fetch.mock.calls[0]![1]!.body).toBe('{}');
    await api.currentlyReading.remove({ params: { entryId: 7 } });
    expect(fetch.mock.calls[1]![0]).toBe('/api/reviews/currentlyreading/7');
    expect(fetch.mock.calls[1]![1]!).toMatchObject({ method: 'DELETE', body: undefined });
  });

  it('write the query string, repeating a list', () => {
    expect(urlOf(API.search.search, { query: { query: 'sol*' } })).toBe('/api/search?query=sol*');
    expect(urlOf(API.search.search, { query: { query: '"an ocean"', kind: ['Rec'] } })).toBe('/api/search?query=%22an+ocean%22&kind=Rec');
    expect(urlOf(API.search.search, { query: { query: 'x', kind: ['Post', 'Rec'] } })).toBe('/api/search?query=x&kind=Post&kind=Rec');
  });

  it('send an upload as multipart under the field the contract names', async () => {
    const fetch = fakeFetch(200, {});
    const api = createApiClient({ getToken: () => 't', getLanguage: () => 'en', fetch });
    await api.users.uploadAvatar({ upload: new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }) });
    const body = fetch.mock.calls[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('avatar') as File).name).toBe('me.png');
  });
});
