import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenVerifier, signToken } from './token';

const secret = crypto.randomBytes(32);

describe('TokenVerifier', () => {
  it('answers what a good token names, the same when asked again', async () => {
    const verifier = new TokenVerifier(secret);
    const token = await signToken('ann', 3, secret);
    expect(await verifier.verify(token)).toEqual({ userId: 'ann', sessionVersion: 3 });
    expect(await verifier.verify(token)).toEqual({ userId: 'ann', sessionVersion: 3 });
  });

  it('refuses a token it once verified as soon as it expires', async () => {
    let now = Date.now();
    const verifier = new TokenVerifier(secret, () => now);
    const token = await new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('ann').setExpirationTime(Math.floor(now / 1000) + 60).sign(secret);
    expect(await verifier.verify(token)).toEqual({ userId: 'ann', sessionVersion: 0 });
    now += 61_000;
    expect(await verifier.verify(token)).toBeNull();
  });

  it('refuses forged, foreign, malformed, expiry-less and missing tokens, every time', async () => {
    const verifier = new TokenVerifier(secret);
    const good = await signToken('ann', 0, secret);
    const forged = `${good.slice(0, -4)}AAAA`;
    const foreign = await signToken('ann', 0, crypto.randomBytes(32));
    const forever = await new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('ann').sign(secret);
    for (const token of [forged, foreign, 'not.a.token', forever, '', undefined, 'x'.repeat(5000)]) {
      expect(await verifier.verify(token)).toBeNull();
      expect(await verifier.verify(token)).toBeNull();
    }
  });
});
