import { HUB_PATH, HUB_SESSION_COOKIE, TOKEN_LIFETIME_DAYS } from '../../../shared/constants';
import type { AppContext } from '../../http/context';

/**
 * The session's token as a cookie that only the live-update path gets (`/hubs/events`): Obskurnee's own
 * client connects there with no token at all, as its hub let anyone in, and a browser sends this cookie
 * with its SignalR requests. The hub takes it only from the club's own pages (same origin), it is never
 * readable by scripts, and it ends when the session does (the token's rules: a password reset, disabling).
 * Our renderer and bots send the token themselves and never need it.
 */
export function leaveLiveSessionCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(HUB_SESSION_COOKIE, token, {
    path: HUB_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    maxAge: TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000,
    overwrite: true,
  });
}
