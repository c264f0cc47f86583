import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

let club: TestServer;
beforeAll(async () => {
  club = await startTestServer();
});
afterAll(async () => {
  await club.close();
});

function expectProblem(res: { status: number; headers: Headers; body: unknown }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
}

describe('every failure is problem details, never a 500', () => {
  it('malformed JSON is a 400 saying so', async () => {
    const res = await club.call('POST', '/api/accounts/login', { rawBody: '{"email": "a@b.c", ' });
    expectProblem(res, 400);
    expect(res.body.detail).toBe('The request body is not valid JSON.');
  });

  it('a body that is not JSON is a 415', async () => {
    const res = await club.call('POST', '/api/accounts/login', { rawBody: 'email=a@b.c', contentType: 'text/plain' });
    expectProblem(res, 415);
  });

  it('a JSON array or null where an object belongs is a 400', async () => {
    expectProblem(await club.call('POST', '/api/accounts/login', { rawBody: '[1,2]' }), 400);
    expectProblem(await club.call('POST', '/api/accounts/login', { rawBody: 'null' }), 400);
  });

  it('an oversized body is a 413', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await club.call('POST', '/api/accounts/login', { rawBody: big });
    expectProblem(res, 413);
    expect(res.body.detail).toBe('The request is too large.');
  });

  it('an unknown API route is a 404 naming it', async () => {
    const res = await club.call('GET', '/api/no-such-thing');
    expectProblem(res, 404);
    expect(res.body.detail).toBe('There is no GET /api/no-such-thing in this API.');
  });

  it('a wrong method on a known route is a 405 with Allow', async () => {
    const res = await club.call('DELETE', '/api/accounts/login');
    expectProblem(res, 405);
    expect(res.headers.get('allow')).toContain('POST');
  });

  it('answers in Slovak when asked, including Obskurnee\'s "Bearer sk"', async () => {
    for (const header of ['sk', 'sk-SK,sk;q=0.9,en;q=0.8', 'Bearer sk']) {
      const res = await club.call('GET', '/api/nothing', { headers: { 'Accept-Language': header } });
      expect(res.body.detail).toBe('Toto API nemá GET /api/nothing.');
    }
    const fallback = await club.call('GET', '/api/nothing', { headers: { 'Accept-Language': 'de' } });
    expect(fallback.body.detail).toBe('There is no GET /api/nothing in this API.');
  });
});
