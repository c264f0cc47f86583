import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_DAYS } from '../../shared/constants';

const SECRET_FILE = 'token-secret.key';

/** The token-signing secret: made once on first start, kept in the data folder, readable by the owner only. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const hex = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64,}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(32);
  // 'wx' so two processes starting at once cannot overwrite each other's secret.
  try {
    fs.writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dataDir);
    throw error;
  }
  return secret;
}

export async function signToken(userId: string, secret: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_DAYS}d`)
    .sign(secret);
}

/** The user id a token names, or null when it is missing, forged, malformed or expired. */
export async function verifyToken(token: string | undefined, secret: Uint8Array): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
