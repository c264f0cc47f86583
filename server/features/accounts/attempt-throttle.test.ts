import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../../http/errors';
import { AttemptThrottle } from './attempt-throttle';

function throttle(overrides = {}) {
  let now = 0;
  const waits: number[] = [];
  const t = new AttemptThrottle({
    windowMs: 15 * 60_000,
    perAddress: 20,
    perAccountAddress: 10,
    slowAfter: 3,
    stepDelayMs: 500,
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { t, waits, advance: (ms: number) => (now += ms) };
}

describe('failed-attempt protection', () => {
  it('lets the first failures through at once, then waits longer after each', async () => {
    const { t, waits } = throttle();
    for (let i = 0; i < 6; i++) await t.begin('10.0.0.1', 'a@club.test');
    expect(waits).toEqual([500, 1000, 1500]);
  });

  it('refuses an account at one address with 429 at its limit, saying when to come back, and forgives after the window', async () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 10; i++) await t.begin('10.0.0.2', 'a@club.test');
    const refusal = await t.begin('10.0.0.2', 'A@club.test').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).params.minutes).toBe(15);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBe(900);
    advance(15 * 60_000 + 1);
    await expect(t.begin('10.0.0.2', 'a@club.test')).resolves.toBeDefined();
  });

  it('never locks a member out at another address, however often others fail at their account', async () => {
    const { t } = throttle();
    for (let address = 1; address <= 5; address++) {
      for (let i = 0; i < 10; i++) await t.begin(`10.1.0.${address}`, 'victim@club.test');
    }
    await expect(t.begin('10.1.0.99', 'victim@club.test')).resolves.toBeDefined();
  });

  it('counts an address across accounts', async () => {
    const { t } = throttle();
    for (let i = 0; i < 20; i++) await t.begin('10.0.0.3', `someone${i}@club.test`);
    await expect(t.begin('10.0.0.3', 'new@club.test')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(t.begin('10.0.0.4', 'new@club.test')).resolves.toBeDefined();
  });

  it('counts attempts as they arrive, so parallel guesses cannot all get through', async () => {
    const { t } = throttle({ sleep: () => new Promise((resolve) => setTimeout(resolve, 5)) });
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => t.begin('10.0.0.5', 'a@club.test')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
  });

  it('a success is no failure, and forgives that account at that address', async () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) await t.begin('10.0.0.6', 'a@club.test');
    (await t.begin('10.0.0.6', 'a@club.test')).succeeded();
    for (let i = 0; i < 9; i++) await t.begin('10.0.0.6', 'a@club.test');
    await expect(t.begin('10.0.0.6', 'a@club.test')).resolves.toBeDefined();
  });

  it('an attempt turned away unchecked does not count, and forgives nothing', async () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) await t.begin('10.0.0.7', 'a@club.test');
    (await t.begin('10.0.0.7', 'a@club.test')).discard();
    await t.begin('10.0.0.7', 'a@club.test');
    await expect(t.begin('10.0.0.7', 'a@club.test')).rejects.toBeInstanceOf(TooManyRequests);
  });

  it('stays bounded under a flood of made-up accounts', async () => {
    const { t } = throttle({ maxKeys: 1000, slowAfter: 100 });
    for (let i = 0; i < 5000; i++) await t.begin(`10.2.${i >> 8}.${i & 255}`, `x${i}@club.test`);
    expect((t as unknown as { attempts: Map<string, number[]> }).attempts.size).toBeLessThanOrEqual(1000);
  });
});
