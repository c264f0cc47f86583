import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IMPORTED_IDENTITY_PREFIX, isImportedIdentityHash, makeIdentityV3Hash, parseIdentityHash, verifyIdentityHash } from './aspnet-identity-hash';
import { PasswordHasher } from './password-hasher';

const imported = (identityHash: string) => IMPORTED_IDENTITY_PREFIX + identityHash;

describe('ASP.NET Core Identity hashes from Obskurnee', () => {
  it('reads the format-3 layout: marker, PRF, iterations, salt length, salt, subkey', () => {
    const salt = Buffer.alloc(16, 7);
    const hash = parseIdentityHash(makeIdentityV3Hash('heslo', { iterations: 10_000, prf: 1, salt }));
    expect(hash).toMatchObject({ digest: 'sha256', iterations: 10_000 });
    expect(hash!.salt.equals(salt)).toBe(true);
    expect(hash!.subkey).toHaveLength(32);
  });

  it('accepts the right password and refuses a wrong one, for each PRF Identity used', async () => {
    for (const prf of [0, 1, 2] as const) {
      const stored = imported(makeIdentityV3Hash('Čítajme spolu 2024', { iterations: 1_000, prf }));
      expect(await verifyIdentityHash('Čítajme spolu 2024', stored)).toBe(true);
      expect(await verifyIdentityHash('Citajme spolu 2024', stored)).toBe(false);
    }
  });

  it('checks the older format 2 (HMAC-SHA1, 1,000 iterations) too', async () => {
    const salt = crypto.randomBytes(16);
    const subkey = crypto.pbkdf2Sync('old password', salt, 1000, 32, 'sha1');
    const stored = imported(Buffer.concat([Buffer.from([0]), salt, subkey]).toString('base64'));
    expect(await verifyIdentityHash('old password', stored)).toBe(true);
    expect(await verifyIdentityHash('new password', stored)).toBe(false);
  });

  it('refuses what is not an imported Identity hash, without throwing', async () => {
    expect(isImportedIdentityHash('scrypt$32768$8$1$abc$def')).toBe(false);
    expect(await verifyIdentityHash('x', makeIdentityV3Hash('x', { iterations: 1000 }))).toBe(false); // no prefix
    expect(await verifyIdentityHash('x', imported('not base64!'))).toBe(false);
    expect(await verifyIdentityHash('x', imported(Buffer.from([1, 0, 0]).toString('base64')))).toBe(false);
    const absurd = Buffer.from(makeIdentityV3Hash('x', { iterations: 1000 }), 'base64');
    absurd.writeUInt32BE(0xffffffff, 5);
    expect(parseIdentityHash(absurd.toString('base64'))).toBeNull();
    // A subkey of a megabyte would make each check cost a megabyte of PBKDF2 blocks: not read.
    const huge = Buffer.concat([Buffer.from(makeIdentityV3Hash('x', { iterations: 1000 }), 'base64'), Buffer.alloc(1 << 20)]);
    expect(parseIdentityHash(huge.toString('base64'))).toBeNull();
    const slow = Buffer.from(makeIdentityV3Hash('x', { iterations: 1000 }), 'base64');
    slow.writeUInt32BE(5_000_000, 5);
    expect(parseIdentityHash(slow.toString('base64'))).toBeNull();
  });

  it("is checked by the club's bounded hasher beside its own hashes", async () => {
    const hasher = new PasswordHasher();
    expect(await hasher.verify('heslo12345', imported(makeIdentityV3Hash('heslo12345', { iterations: 1000 })))).toBe(true);
    expect(await hasher.verify('heslo12345', await hasher.hash('heslo12345'))).toBe(true);
  });
});
