import type { Middleware } from 'koa';
import type { AppState, SignedIn } from './context';
import { Forbidden, Unauthorized } from './errors';
import { bearerToken } from './token';
import { isModerator } from '../../shared/rules';

/** Who a bearer token signs in, if anyone: the accounts feature answers it (server/app.ts passes it). */
export interface SessionReader<M extends SignedIn> {
  /** The account of a live session, or null for no token, a bad or expired one, or an ended session. */
  sessionUser(token: string | undefined): Promise<M | null>;
}

/**
 * Reads the bearer token into ctx.state.user. A missing, expired or bad token, or one whose session ended
 * (password reset, account disabled), makes the caller a visitor, never a 401 by itself: routes that need
 * sign-in say so with requireRole.
 */
export function authenticate<M extends SignedIn>(sessions: SessionReader<M>): Middleware<AppState<M>> {
  return async function authenticate(ctx, next) {
    const token = bearerToken(ctx.get('Authorization'));
    ctx.state.user = await sessions.sessionUser(token);
    ctx.state.tokenRejected = !!token && !ctx.state.user;
    await next();
  };
}

export type Role = 'member' | 'moderator' | 'admin';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one role guard every route declares. Bots are read-only members: they pass a member route only
 * for GET/HEAD, or where the route says `botsMay` (PUT /api/discussions/preview); never a moderator's.
 */
export function requireRole(role: Role, options: { botsMay?: boolean } = {}): Middleware<AppState> {
  return async function requireRole(ctx, next) {
    const refused = refusal(ctx.state, role, ctx.method, options);
    if (refused) throw refused;
    await next();
  };
}

/** Why a caller may not call a route that needs `role`, or null when they may. */
export function refusal(
  { user, tokenRejected }: Pick<AppState, 'user' | 'tokenRejected'>,
  role: Role | 'anonymous',
  method: string,
  options: { botsMay?: boolean } = {},
): Unauthorized | Forbidden | null {
  if (role === 'anonymous') return null;
  if (!user) return new Unauthorized(tokenRejected ? 'sessionEnded' : 'signInRequired');
  if (user.isBot && (role !== 'member' || !(READ_METHODS.has(method) || options.botsMay))) return new Forbidden('botsReadOnly');
  if (role === 'moderator' && !isModerator(user)) return new Forbidden('moderatorsOnly');
  if (role === 'admin' && !user.isAdmin) return new Forbidden('adminsOnly');
  return null;
}
