import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import { TOKEN_LIFETIME_DAYS } from '../../shared/constants';

const SECRET_FILE = 'token-secret.key';
const SECRET_TEXT = /^[0-9a-f]{64,}$/;

/** The data folder's secret is there but unusable; the message tells the host what to do. */
export class DamagedSecretError extends Error {}

/**
 * The token-signing secret: made once on first start, kept in the data folder, readable by the owner only.
 * It is written whole to a temporary file and then linked into place, so a crash mid-write never leaves a
 * half secret, and two processes starting at once end up with the same one.
 */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  const secret = crypto.randomBytes(32);
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process made it first: use theirs.
    return readSecret(file) ?? damaged(file, 'it is empty');
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return secret;
}

/** The secret in `file`, null when there is none yet; a file that is there but not a secret is reported. */
function readSecret(file: string): Uint8Array | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DamagedSecretError(`The token-signing secret ${file} cannot be read (${(error as Error).message}).`);
  }
  if (!SECRET_TEXT.test(text)) damaged(file, text === '' ? 'it is empty' : 'it is not the 64 hexadecimal digits it should be');
  return Buffer.from(text, 'hex');
}

function damaged(file: string, why: string): never {
  throw new DamagedSecretError(
    `The token-signing secret ${file} is damaged: ${why}. Restore the file from a backup of the data folder, ` +
      'or delete it to make a new one (every member will then have to sign in again).',
  );
}

const TOKEN_LIFETIME_MS = TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** A session token: the account and its session version, so a reset or disabling can end it. */
export async function signToken(userId: string, sessionVersion: number, secret: Uint8Array): Promise<string> {
  const sign = createSigner({ key: Buffer.from(secret), algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  return sign({ sv: sessionVersion, sub: userId });
}

export interface TokenClaims {
  userId: string;
  /** Tokens issued before sessions could end carry none: version 0. */
  sessionVersion: number;
}

type VerifySignature = (token: string) => Record<string, unknown>;

/**
 * What a token names and when it expires, or null when it is missing, forged, malformed, signed any other
 * way than HS256 with our secret, or without an expiry. Whether it has expired is the caller's to ask.
 */
function verifyToken(token: string | undefined, verifySignature: VerifySignature): (TokenClaims & { expiresAt: number }) | null {
  // A real token is a few hundred bytes; a huge header is refused before any parsing.
  if (!token || token.length > 4096) return null;
  try {
    const payload = verifySignature(token);
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const sv = payload.sv ?? 0;
    if (typeof sv !== 'number' || !Number.isInteger(sv)) return null;
    return { userId: payload.sub, sessionVersion: sv, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * Verifies tokens and remembers the ones that passed until they expire: a member's every request carries
 * the same token, and checking its signature costs more than the rest of a kept answer. The check is
 * fast-jwt's, synchronous on node:crypto's HMAC: some 20 µs of CPU a token, where jose's (WebCrypto, a
 * round trip through the thread pool) took 100-170 µs, which 1,000 members voting at once with fresh
 * tokens, or connecting live at once, each paid. Only tokens that verified are kept, so forged ones cannot fill the memory; whether the session
 * is still live (reset, disabled) is not a property of the token and is still asked of the database.
 */
export class TokenVerifier {
  private readonly verified = new LRUCache<string, TokenClaims & { expiresAt: number }>({ max: 10_000 });
  private readonly verifySignature: VerifySignature;

  constructor(
    secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {
    // Expiry is checked against `now` below, for a token just verified and a remembered one alike.
    this.verifySignature = createVerifier({ key: Buffer.from(secret), algorithms: ['HS256'], ignoreExpiration: true });
  }

  async verify(token: string | undefined): Promise<TokenClaims | null> {
    if (!token) return null;
    let claims = this.verified.get(token);
    if (!claims) {
      claims = verifyToken(token, this.verifySignature) ?? undefined;
      if (!claims) return null;
      this.verified.set(token, claims);
    }
    if (this.now() >= claims.expiresAt) {
      this.verified.delete(token);
      return null;
    }
    return { userId: claims.userId, sessionVersion: claims.sessionVersion };
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
