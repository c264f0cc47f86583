import crypto from 'node:crypto';

// No 0/O, 1/I/L: the code is read off a terminal or a menu and typed on another machine.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time setup code such as "K7QF-M2XA": 8 letters and digits, about 40 bits. */
export function newSetupCode(): string {
  const bytes = crypto.randomBytes(8);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** Compares as a person types it: case, spaces and dashes do not matter; in constant time. */
export function setupCodeMatches(expected: string, given: string | null): boolean {
  if (!given) return false;
  const normalize = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest();
  return crypto.timingSafeEqual(normalize(expected), normalize(given));
}
