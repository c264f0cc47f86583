import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
beforeEach(async () => {
  club = await startTestServer();
});
afterEach(async () => {
  await club.close();
});

describe('first-admin setup', () => {
  it('creates an admin who is also a moderator', async () => {
    const res = await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: ADMIN.email, isAdmin: true, isModerator: true });
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('subscribes the first admin to the main newsletter, as every new account is', async () => {
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    const login = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    const lists = await club.call('GET', '/api/newsletters', { token: login.body.token });
    expect(lists.body).toEqual(['basicevents']);
  });

  it('works only once: a second call is refused with 409', async () => {
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    const again = await club.call('POST', '/api/accounts/registerfirstadmin', {
      body: { email: 'intruder@club.test', password: 'another password' },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.body.detail).toMatch(/already set up/);
  });

  it('creates exactly one admin when many calls race', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        club.call('POST', '/api/accounts/registerfirstadmin', {
          body: { email: `racer${i}@club.test`, password: 'racing password' },
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 200)).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(7);
    const winner = attempts.find((a) => a.status === 200)!.body.email as string;
    const logins = await Promise.all(
      attempts.map((_, i) => club.call('POST', '/api/accounts/login', { body: { email: `racer${i}@club.test`, password: 'racing password' } })),
    );
    expect(logins.filter((l) => l.status === 200).map((l) => l.body.email)).toEqual([winner]);
  });

  it('refuses a short password and a bad email with field errors, translated', async () => {
    const res = await club.call('POST', '/api/accounts/registerfirstadmin', {
      body: { email: 'not-an-email', password: 'short' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual(['Toto nevyzerá ako e-mailová adresa.']);
    expect(res.body.errors.password).toEqual(['Heslo musí mať aspoň 8 znakov.']);
  });

  it('home tells a new club that it needs setup, and stops once it is done', async () => {
    expect((await club.call('GET', '/api/home')).body.needsSetup).toBe(true);
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    expect((await club.call('GET', '/api/home')).body.needsSetup).toBe(false);
  });
});

describe('login', () => {
  it('answers the profile and a token for the right password', async () => {
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    const res = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect(typeof res.body.token).toBe('string');
  });

  it('matches the email case-insensitively', async () => {
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    const res = await club.call('POST', '/api/accounts/login', {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    const wrong = await club.call('POST', '/api/accounts/login', { body: { ...ADMIN, password: 'wrong password' } });
    const unknown = await club.call('POST', '/api/accounts/login', {
      body: { email: 'nobody@club.test', password: ADMIN.password },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('Wrong email or password.');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a missing password and a wrong type with 400', async () => {
    const missing = await club.call('POST', '/api/accounts/login', { body: { email: ADMIN.email } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.password).toEqual(['Please enter a password.']);
    const wrongType = await club.call('POST', '/api/accounts/login', { body: { email: 42, password: ADMIN.password } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.email).toEqual(['This value has the wrong type.']);
  });
});

describe('context', () => {
  it('answers the profile for a valid token', async () => {
    const token = await setUpClub(club);
    const res = await club.call('GET', '/api/accounts/context', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect(res.body).not.toHaveProperty('token');
  });

  it('answers 401 problem details without a token or with a forged one', async () => {
    await setUpClub(club);
    const none = await club.call('GET', '/api/accounts/context');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401, detail: 'Please sign in first.' });
    const forged = await club.call('GET', '/api/accounts/context', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(forged.status).toBe(401);
  });

  it('treats a bad token on a public route as a visitor, not a 401', async () => {
    await setUpClub(club);
    const res = await club.call('GET', '/api/home', { token: 'garbage' });
    expect(res.status).toBe(200);
    expect(res.body.myProfile).toBeNull();
  });

  it('keeps a token valid across a restart, since the signing secret is kept in the data folder', async () => {
    const token = await setUpClub(club);
    const dataDir = club.dataDir;
    await club.server.close();
    const again = await startTestServer({ dataDir });
    try {
      expect((await again.call('GET', '/api/accounts/context', { token })).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});
