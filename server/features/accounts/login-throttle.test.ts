import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../../http/errors';
import { LoginThrottle } from './login-throttle';

function throttle() {
  let now = 0;
  const waits: number[] = [];
  const t = new LoginThrottle({
    windowMs: 15 * 60_000,
    slowAfter: 3,
    blockAfter: 10,
    stepDelayMs: 500,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { t, waits, advance: (ms: number) => (now += ms) };
}

describe('failed-login protection', () => {
  it('lets the first failures through at once, then waits longer after each', async () => {
    const { t, waits } = throttle();
    for (let i = 0; i < 6; i++) {
      await t.beforeAttempt(['ip:1', 'email:a']);
      t.recordFailure(['ip:1', 'email:a']);
    }
    expect(waits).toEqual([500, 1000, 1500]);
  });

  it('refuses with 429 at the limit, saying how many minutes to wait, and forgives after the window', async () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 10; i++) t.recordFailure(['email:a']);
    const refusal = await t.beforeAttempt(['ip:2', 'email:a']).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).params.minutes).toBe(15);
    advance(15 * 60_000 + 1);
    await expect(t.beforeAttempt(['ip:2', 'email:a'])).resolves.toBeUndefined();
  });

  it('counts an address across accounts, and a success clears the account', async () => {
    const { t } = throttle();
    for (let i = 0; i < 10; i++) t.recordFailure(['ip:3', `email:${i}`]);
    await expect(t.beforeAttempt(['ip:3', 'email:new'])).rejects.toBeInstanceOf(TooManyRequests);
    t.recordSuccess(['email:0']);
    await expect(t.beforeAttempt(['ip:4', 'email:0'])).resolves.toBeUndefined();
  });
});
