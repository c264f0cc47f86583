import type { WebhookFormat } from '../../../shared/api/chat';

/*
 * A hook's address as admin answers show it. Discord's and Slack's webhook addresses are their own tokens
 * (https://discord.com/api/webhooks/<id>/<token>, https://hooks.slack.com/services/T…/B…/<token>), and any
 * receiver may take a key in its query: whoever reads an answer (a screenshot, a shared screen, a log of the
 * API) must not be able to post as the club. The stored address is whole: it is where deliveries go.
 */

const MASK = '…';
/** A path segment this long with letters and digits in it reads as a key, whatever the receiver. */
const KEY_LIKE = /^(?=.*\d)(?=.*[a-z])[\w-]{20,}$/i;

/** `format`: a hook in Discord's or Slack's shape has its token last, whatever host serves it (a proxy, a look-alike). */
export function maskedAddress(address: string, format: WebhookFormat): string {
  if (!URL.canParse(address)) return MASK;
  const url = new URL(address);
  const segments = url.pathname.split('/');
  const host = url.hostname.toLowerCase();
  const tokenLast = format !== 'json' || /(^|\.)discord(app)?\.com$/.test(host) || host === 'hooks.slack.com';
  const last = segments.length - 1;
  const path = segments.map((segment, index) => (segment && ((tokenLast && index === last) || KEY_LIKE.test(segment)) ? MASK : segment)).join('/');
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${MASK}`).join('&');
  return `${url.origin}${path}${query ? `?${query}` : ''}`;
}
