import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;

afterEach(async () => {
  await club.close();
});

describe('login protection', () => {
  it('slows repeated failures for an account from one address, then answers 429', async () => {
    club = await startTestServer({ loginThrottle: { stepDelayMs: 20 } });
    await setUpClub(club);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await club.call('POST', '/api/accounts/login', { body: { email: ADMIN.email, password: `wrong ${i}` } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-ins/);
  });
});
