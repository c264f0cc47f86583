import type { Middleware } from 'koa';
import send from 'koa-send';
import type { AppState } from './context';

const AVATAR_FILE = /^\/images\/avatars\/([\w-]+\.webp)$/;

/** Avatars from the data folder. Each upload gets a new name, so they can be cached for good. */
export function serveAvatars(avatarsDir: string): Middleware<AppState> {
  return async function serveAvatars(ctx, next) {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? AVATAR_FILE.exec(ctx.path) : null;
    if (!match) return next();
    try {
      await send(ctx, match[1]!, { root: avatarsDir, maxage: 31_536_000_000, immutable: true });
    } catch {
      ctx.status = 404;
    }
  };
}
