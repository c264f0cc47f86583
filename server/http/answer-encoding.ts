import zlib from 'node:zlib';
import etag from 'etag';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * Answers over a kilobyte are compressed when the client asks for it (brotli, else gzip): a 300 KB
 * discussion is a fraction of that on a member's phone. Brotli at quality 4 and gzip at level 6 cost a
 * laptop little per answer; the renderer's assets come precompressed at the highest levels from the build
 * (static.ts), and koa-compress leaves an answer that already has a Content-Encoding alone.
 */
export function compressAnswers(): Middleware {
  return compress({
    threshold: 1024,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
}

/**
 * API answers are private to the caller and revalidated on every use (`private, no-cache`): nothing
 * shared may keep one member's answer for another, and a browser never shows a stale one. A successful
 * GET is serialised here, once, and tagged by its bytes (ETag); a client that sends the tag back
 * (If-None-Match) and would get the very same bytes is answered 304 with no body. The tag is of the
 * bytes this caller would get, so a per-member part (my vote, my profile) changes the tag, never leaks.
 */
export function taggedApiAnswers(): Middleware {
  return async function taggedApiAnswers(ctx, next) {
    await next();
    if (!ctx.path.startsWith('/api/')) return;
    ctx.set('Cache-Control', 'private, no-cache');
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200 || ctx.body == null) return;
    // A kept answer (answer-cache.ts) comes tagged already.
    if (!ctx.response.get('ETag')) {
      const body: unknown = ctx.body;
      let bytes: string | Buffer;
      if (typeof body === 'string' || Buffer.isBuffer(body)) bytes = body;
      else if (typeof (body as { pipe?: unknown }).pipe === 'function') return; // a stream: no tag
      // Koa would stringify it the same way on the way out; doing it here means once, not twice.
      else ctx.body = bytes = JSON.stringify(body);
      ctx.set('ETag', etag(bytes));
    }
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
