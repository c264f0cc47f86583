import crypto from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2 = promisify(crypto.pbkdf2);

/**
 * Password hashes brought over from an Obskurnee club. Obskurnee kept ASP.NET Core Identity's hashes, and
 * members keep their passwords, so sign-in checks these as they are and replaces each with our own hash on
 * the first sign-in that succeeds. The importer stores them under this prefix, so they can never be taken
 * for one of ours (and ours never for one of theirs).
 *
 * Identity's hash is base64 of bytes that start with a format marker:
 * - 0x01 (format 3): the PRF as a big-endian uint32 (0 HMAC-SHA1, 1 HMAC-SHA256, 2 HMAC-SHA512), the
 *   iteration count (uint32 BE), the salt length (uint32 BE), the salt, then the PBKDF2 subkey (the rest).
 * - 0x00 (format 2, Identity's older compatibility mode): a 16-byte salt and a 32-byte subkey,
 *   PBKDF2 with HMAC-SHA1 and 1,000 iterations.
 */
export const IMPORTED_IDENTITY_PREFIX = 'aspnet-identity$';

const PRF_DIGESTS = ['sha1', 'sha256', 'sha512'] as const;
/**
 * Identity writes 10,000-600,000 iterations and a 32-byte subkey. A stored hash beyond these bounds is damage
 * (or mischief): checking it would hold one of the few hashing slots for seconds or hours (PBKDF2's cost
 * grows with iterations times subkey length) while sign-ins queue behind it. Such a hash is not read.
 */
const MAX_ITERATIONS = 1_000_000;
const SUBKEY_BYTES = { min: 16, max: 64 };
const MAX_SALT_BYTES = 64;

interface IdentityHash {
  digest: (typeof PRF_DIGESTS)[number];
  iterations: number;
  salt: Buffer;
  subkey: Buffer;
}

export function isImportedIdentityHash(stored: string | null | undefined): stored is string {
  return !!stored && stored.startsWith(IMPORTED_IDENTITY_PREFIX);
}

/** Reads Identity's base64 hash, or answers null when it is not one of its two formats. */
export function parseIdentityHash(base64: string): IdentityHash | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes[0] === 0x00 && bytes.length === 1 + 16 + 32) {
    return { digest: 'sha1', iterations: 1000, salt: bytes.subarray(1, 17), subkey: bytes.subarray(17) };
  }
  if (bytes[0] !== 0x01 || bytes.length < 13) return null;
  const prf = bytes.readUInt32BE(1);
  const iterations = bytes.readUInt32BE(5);
  const saltLength = bytes.readUInt32BE(9);
  const digest = PRF_DIGESTS[prf];
  const subkeyLength = bytes.length - 13 - saltLength;
  if (!digest || iterations < 1 || iterations > MAX_ITERATIONS || saltLength < 8 || saltLength > MAX_SALT_BYTES) return null;
  if (subkeyLength < SUBKEY_BYTES.min || subkeyLength > SUBKEY_BYTES.max) return null;
  return { digest, iterations, salt: bytes.subarray(13, 13 + saltLength), subkey: bytes.subarray(13 + saltLength) };
}

/** True when `password` is the one an imported Identity hash (with our prefix) was made from. */
export async function verifyIdentityHash(password: string, stored: string): Promise<boolean> {
  if (!isImportedIdentityHash(stored)) return false;
  const hash = parseIdentityHash(stored.slice(IMPORTED_IDENTITY_PREFIX.length));
  if (!hash) return false;
  // Identity hashes the UTF-8 bytes of the password as typed, without normalizing it.
  const key = await pbkdf2(Buffer.from(password, 'utf8'), hash.salt, hash.iterations, hash.subkey.length, hash.digest);
  return crypto.timingSafeEqual(key, hash.subkey);
}

/**
 * Makes a format-3 hash as Identity does (for fixtures and tests; the club never makes new ones):
 * HMAC-SHA512 by default, a 16-byte salt and a 32-byte subkey. Answers Identity's own base64 string.
 */
export function makeIdentityV3Hash(password: string, options: { iterations?: number; prf?: 0 | 1 | 2; salt?: Buffer } = {}): string {
  const prf = options.prf ?? 2;
  const iterations = options.iterations ?? 100_000;
  const salt = options.salt ?? crypto.randomBytes(16);
  const subkey = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, PRF_DIGESTS[prf]);
  const header = Buffer.alloc(13);
  header[0] = 0x01;
  header.writeUInt32BE(prf, 1);
  header.writeUInt32BE(iterations, 5);
  header.writeUInt32BE(salt.length, 9);
  return Buffer.concat([header, salt, subkey]).toString('base64');
}
