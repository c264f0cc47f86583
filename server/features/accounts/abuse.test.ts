import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/api/accounts';
import type { HomeData } from '../../../shared/api/home';
import type { ProblemDetails } from '../../../shared/api/problem';
import { queuedMailCount } from '../../test-support/mail';
import { addMember } from '../../test-support/members';
import { requestFrom } from '../../test-support/raw-http';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import type { ServerConfig } from '../../settings';

let club: TestServer | undefined;
afterEach(async () => {
  await club?.close();
  club = undefined;
});

// No waiting between failures: these tests are about who is counted, not how slowly.
async function start(overrides: Partial<ServerConfig> = {}) {
  club = await startTestServer({ loginThrottle: { stepDelayMs: 0 }, ...overrides });
  return club;
}

const login = (c: TestServer, email: string, password: string, options: { from?: string; headers?: Record<string, string> } = {}) =>
  // Signed in (the session) or refused (problem details): the fields of either may be there.
  requestFrom<Partial<LoginResponse & ProblemDetails>>(`${c.url}/api/accounts/login`, { method: 'POST', body: { email, password }, ...options });

describe('failed sign-ins are counted per address and per (account, address)', () => {
  it('a rotating X-Forwarded-For does not escape the count: the club trusts the TCP peer unless TRUST_PROXY', async () => {
    const c = await start();
    await setUpClub(c);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const answer = await login(c, ADMIN.email, `guess ${i}`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
  });

  it("with TRUST_PROXY=1 the proxy's X-Forwarded-For entry is the client, and a forged one before it changes nothing", async () => {
    const c = await start({ trustProxy: 1 });
    await setUpClub(c);
    for (let i = 0; i < 10; i++) {
      await login(c, ADMIN.email, `guess ${i}`, { headers: { 'X-Forwarded-For': `10.9.9.${i}, 203.0.113.7` } });
    }
    const blocked = await login(c, ADMIN.email, 'guess again', { headers: { 'X-Forwarded-For': '10.9.9.99, 203.0.113.7' } });
    expect(blocked.status).toBe(429);
    // Another client behind the same proxy signs in.
    const other = await login(c, ADMIN.email, ADMIN.password, { headers: { 'X-Forwarded-For': '203.0.113.8' } });
    expect(other.status).toBe(200);
  });

  it('parallel guesses are counted as they arrive: of 40 at once, at most 10 are checked', async () => {
    const c = await start();
    await setUpClub(c);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(c, ADMIN.email, `parallel ${i}`, { from: '127.0.0.5' })));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('a 429 says when to come back (Retry-After) in problem details', async () => {
    const c = await start();
    await setUpClub(c);
    for (let i = 0; i < 10; i++) await login(c, ADMIN.email, `guess ${i}`, { from: '127.0.0.6' });
    const refused = await login(c, ADMIN.email, 'again', { from: '127.0.0.6' });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.body.detail).toMatch(/Wait 15 minutes/);
  });

  it('failures from one address do not lock out the member signing in from another', async () => {
    const c = await start();
    await setUpClub(c);
    for (let i = 0; i < 25; i++) await login(c, ADMIN.email, `attacker ${i}`, { from: '127.0.0.2' });
    expect((await login(c, ADMIN.email, ADMIN.password, { from: '127.0.0.2' })).status).toBe(429);
    const member = await login(c, ADMIN.email, ADMIN.password, { from: '127.0.0.3' });
    expect(member.status).toBe(200);
    expect(member.body.token).toEqual(expect.any(String));
  });

  it('an address failing at many accounts is stopped too', async () => {
    const c = await start();
    await setUpClub(c);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login(c, `someone${i}@club.test`, 'password', { from: '127.0.0.4' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('password reset mail is limited', () => {
  it('30 asks for one member from many addresses mail them 3 times an hour, each answered alike', async () => {
    const c = await start();
    await setUpClub(c);
    const member = await addMember(c);
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await requestFrom(`${c.url}/api/accounts/passwordreset/${member.email}`, { method: 'POST', from: `127.0.1.${1 + (i % 10)}` }));
    }
    expect(answers.every((a) => a.status === 200 && a.body === true)).toBe(true);
    const unknown = await requestFrom(`${c.url}/api/accounts/passwordreset/nobody@club.test`, { method: 'POST', from: '127.0.1.50' });
    expect(unknown).toMatchObject({ status: 200, body: true });
    expect(queuedMailCount(c, member.email)).toBe(3);
  });

  it('one address asking over and over is told to wait', async () => {
    const c = await start();
    await setUpClub(c);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await requestFrom(`${c.url}/api/accounts/passwordreset/x${i}@club.test`, { method: 'POST', from: '127.0.2.1' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('first-admin setup from another machine needs the setup code', () => {
  const setup = (c: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    requestFrom<Partial<ProblemDetails>>(`${c.url}/api/accounts/registerfirstadmin`, { method: 'POST', body: { ...ADMIN, ...body }, headers });
  // A request that says it was forwarded, while no proxy is trusted, comes from elsewhere.
  const elsewhere = { 'X-Forwarded-For': '192.0.2.77' };

  it("the host's own machine sets the club up without a code; home says so", async () => {
    const c = await start();
    expect(c.server.setupCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await requestFrom<HomeData>(`${c.url}/api/home`)).body).toMatchObject({ needsSetup: true, setupNeedsCode: false });
    expect((await setup(c, {})).status).toBe(200);
  });

  it('another machine is refused without the code or with a wrong one, and nothing is created', async () => {
    const c = await start();
    expect((await requestFrom<HomeData>(`${c.url}/api/home`, { headers: elsewhere })).body).toMatchObject({ needsSetup: true, setupNeedsCode: true });
    const missing = await setup(c, {}, elsewhere);
    expect(missing.status).toBe(403);
    expect(missing.body.detail).toMatch(/enter the setup code/);
    const wrong = await setup(c, { setupCode: 'AAAA-AAAA' }, elsewhere);
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toMatch(/not right/);
    expect((await requestFrom<HomeData>(`${c.url}/api/home`)).body.needsSetup).toBe(true);
  });

  it('another machine with the code (typed loosely) sets the club up; then the code is worth nothing', async () => {
    const c = await start();
    const typed = c.server.setupCode!.toLowerCase().replace('-', ' ');
    expect((await setup(c, { setupCode: typed }, elsewhere)).status).toBe(200);
    expect((await setup(c, { email: 'second@club.test', setupCode: c.server.setupCode }, elsewhere)).status).toBe(409);
  });

  it('behind a trusted proxy, the forwarded client decides; guessing the code is throttled', async () => {
    const c = await start({ trustProxy: 1 });
    expect((await requestFrom<HomeData>(`${c.url}/api/home`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).body.setupNeedsCode).toBe(false);
    const remote = { 'X-Forwarded-For': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await setup(c, { setupCode: `WRNG-${String(i).padStart(4, '2')}` }, remote)).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await setup(c, { setupCode: c.server.setupCode }, remote)).status).toBe(429);
  });

  it('a club that has a user prints no code', async () => {
    const c = await start();
    await setUpClub(c);
    const dataDir = c.dataDir;
    await c.server.close();
    const again = await startTestServer({ dataDir });
    try {
      expect(again.server.setupCode).toBeNull();
    } finally {
      await again.close();
    }
  });
});
