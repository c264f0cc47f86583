import crypto from 'node:crypto';
import { DELIVERY_HEADER, SIGNATURE_HEADER } from '../../../shared/api/chat';

/*
 * A hook's secret and the two signatures made with it. Both use the same key bytes:
 * - X-Bookclub-Signature: sha256=<hex HMAC-SHA256 of the body>, as receivers have checked it since the start;
 * - Standard Webhooks (standardwebhooks.com): webhook-id, webhook-timestamp (fresh on every attempt) and
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">, the secret given as whsec_<base64>.
 *
 * New hooks keep `whsec_<base64 of 32 random bytes>` in their row. Hooks made before kept a 64-character hex
 * text, and their receivers sign-check with that text as the key (its 64 ASCII bytes, not the 32 bytes it
 * spells), so those bytes stay their key: such a hook's whsec_ is the base64 of its hex text's characters.
 */

const WHSEC = 'whsec_';
const KEY_BYTES = 32;

/** A new hook's secret, as its row keeps it. */
export function newSecret(): string {
  return WHSEC + crypto.randomBytes(KEY_BYTES).toString('base64');
}

/** The HMAC key a row's secret stands for. */
export function keyOf(stored: string): Buffer {
  return stored.startsWith(WHSEC) ? Buffer.from(stored.slice(WHSEC.length), 'base64') : Buffer.from(stored, 'utf8');
}

/** The secret as an admin is shown it: whsec_ and the base64 of the key bytes, whichever way the row keeps it. */
export function shownSecret(stored: string): string {
  return WHSEC + keyOf(stored).toString('base64');
}

/** The signature headers of one attempt of a delivery; `now` makes its timestamp. */
export function signatureHeaders(stored: string, deliveryId: string, body: string, now: Date): Record<string, string> {
  const key = keyOf(stored);
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const standard = crypto.createHmac('sha256', key).update(`${deliveryId}.${timestamp}.${body}`).digest('base64');
  return {
    [SIGNATURE_HEADER]: `sha256=${crypto.createHmac('sha256', key).update(body).digest('hex')}`,
    [DELIVERY_HEADER]: deliveryId,
    'webhook-id': deliveryId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${standard}`,
  };
}
