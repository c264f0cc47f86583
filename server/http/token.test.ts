import crypto from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_DAYS } from '../../shared/constants';
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
    const token = createSigner({ key: secret, expiresIn: 60_000, clockTimestamp: now })({ sv: 0, sub: 'ann' });
    expect(await verifier.verify(token)).toEqual({ userId: 'ann', sessionVersion: 0 });
    now += 61_000;
    expect(await verifier.verify(token)).toBeNull();
  });

  it('refuses forged, foreign, malformed, expiry-less and missing tokens, every time', async () => {
    const verifier = new TokenVerifier(secret);
    const good = await signToken('ann', 0, secret);
    const forged = `${good.slice(0, -4)}AAAA`;
    const foreign = await signToken('ann', 0, crypto.randomBytes(32));
    const forever = createSigner({ key: secret })({ sv: 0, sub: 'ann' });
    const unsigned = createSigner({ algorithm: 'none' })({ sv: 0, sub: 'ann', exp: 4102444800 });
    // Signed with the secret, but not with HS256: the algorithm is ours to choose, never the token's.
    const otherAlgorithm = createSigner({ key: secret, algorithm: 'HS512', expiresIn: 60_000 })({ sv: 0, sub: 'ann' });
    for (const token of [forged, foreign, 'not.a.token', forever, unsigned, otherAlgorithm, '', undefined, 'x'.repeat(5000)]) {
      expect(await verifier.verify(token)).toBeNull();
      expect(await verifier.verify(token)).toBeNull();
    }
  });

  it('accepts the tokens members already hold: HS256 JWTs as jose signed them before fast-jwt', async () => {
    // Signed by jose 6 with this secret, subject and session version 2, expiring in 2100.
    const joseSecret = Buffer.from('6a'.repeat(32), 'hex');
    const joseToken =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdiI6Miwic3ViIjoiMGIxZjJjM2QtYWFhYS00YmJiLThjY2MtMTIzNDU2Nzg5YWJjIiwiaWF0IjoxNzk1MDAwMDAwLCJleHAiOjQxMDI0NDQ4MDB9.zEJlmYK22ZuSlWMsaPoTjPPoblVSJirKIwh0RAsqReI';
    expect(await new TokenVerifier(joseSecret).verify(joseToken)).toEqual({ userId: '0b1f2c3d-aaaa-4bbb-8ccc-123456789abc', sessionVersion: 2 });
    expect(await new TokenVerifier(secret).verify(joseToken)).toBeNull();
  });

  it('signs tokens that last the session lifetime, for the account and session version given', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await signToken('ann', 4, secret);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload).toMatchObject({ sub: 'ann', sv: 4 });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(TOKEN_LIFETIME_DAYS * 24 * 60 * 60);
    expect(payload!.iat).toBeGreaterThanOrEqual(before);
  });
});
