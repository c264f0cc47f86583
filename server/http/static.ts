import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { AppState } from './context';

/**
 * Serves the built renderer. Any other GET outside /api and /hubs is a route of the app (a reload on
 * /navrhy/3), answered with index.html so the app's router takes it.
 */
export function serveRenderer(rendererDir: string): Middleware<AppState> {
  const indexFile = path.join(rendererDir, 'index.html');
  return async function serveRenderer(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/hubs/')) {
      return next();
    }
    const file = path.join(rendererDir, path.normalize(ctx.path));
    const isAsset = ctx.path !== '/' && file.startsWith(rendererDir) && fs.existsSync(file) && fs.statSync(file).isFile();
    if (isAsset) {
      // Vite's hashed file names never change content: cache them for a year.
      const immutable = ctx.path.startsWith('/assets/');
      // koa-send answers file.br or file.gz when the build left one and the browser takes that encoding.
      ctx.vary('Accept-Encoding');
      await send(ctx, ctx.path, { root: rendererDir, maxage: immutable ? 31_536_000_000 : 0, immutable });
      return;
    }
    // A hashed asset that is not there (a page from before an upgrade asking for its old chunk) is a 404, not
    // the app's page: the page's script would get HTML, and it reloads itself on a failed load.
    if (ctx.path.startsWith('/assets/')) return next();
    if (!fs.existsSync(indexFile)) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    await send(ctx, 'index.html', { root: rendererDir });
  };
}
