import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { COVER_FILE_NAME } from '../../shared/constants';
import type { AppState } from './context';

/** Avatars: uploads are re-encoded to WebP and named anew each time. */
const AVATAR_FILE = /^\/images\/avatars\/([\w-]+\.webp)$/;
const COVER_FILE = /^\/images\/covers\/([^/]+)$/;

/**
 * Whether a cover of this file name is served: covers stored from the book lookup (`ol-<coverId>.webp`), and
 * those brought over from Obskurnee (import-obskurnee) under the names Obskurnee gave them.
 */
export function isServableCoverName(name: string): boolean {
  return COVER_FILE_NAME.test(name);
}

/**
 * Pictures from the data folder's images/: avatars and book covers (stored from the lookup, or imported). Each has a name of its own
 * that never gets other bytes, so they can be cached for good.
 */
export function serveImages(imagesDir: string): Middleware<AppState> {
  return async function serveImages(ctx, next) {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    const avatar = reading ? AVATAR_FILE.exec(ctx.path) : null;
    const coverMatch = reading && !avatar ? COVER_FILE.exec(ctx.path) : null;
    const cover = coverMatch && isServableCoverName(coverMatch[1]!) ? coverMatch : null;
    if (!avatar && !cover) return next();
    try {
      const folder = path.join(imagesDir, avatar ? 'avatars' : 'covers');
      await send(ctx, (avatar ?? cover)![1]!, { root: folder, maxage: 31_536_000_000, immutable: true });
    } catch {
      ctx.status = 404;
    }
  };
}
