import type { Middleware } from 'koa';
import type { AppState } from './context';

/**
 * The policy of the club's pages. The session token lives in localStorage, so an injected script could
 * steal it: scripts come only from the club itself (no inline script; index.html has none). Styles may be
 * inline (Mantine writes its CSS variables into a style element); covers are linked from anywhere.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  // The socket hub and the API are on this origin ('self' covers ws: and wss: to it in CSP 3).
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers every answer carries (DECISIONS.md "Abuse and sessions"); set before the route runs, so a route
 * with a page of its own (the API docs) can set a stricter policy.
 */
export function securityHeaders(): Middleware<AppState> {
  return async function securityHeaders(ctx, next) {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', PAGE_CSP);
    await next();
  };
}
