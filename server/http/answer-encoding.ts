import { promisify } from 'node:util';
import zlib from 'node:zlib';
import etag from 'etag';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { LRUCache } from 'lru-cache';

/** The encodings answers are compressed in, in the order the server prefers them. */
export type AnswerEncoding = 'br' | 'gzip';

/** Below this many bytes an answer goes out as it is: compression would save little and cost a round of work. */
export const COMPRESSION_THRESHOLD = 1024;

const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `json` compressed as the server compresses answers, on libuv's thread pool. */
export function compressedForm(json: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(json, BROTLI_OPTIONS) : gzip(json, GZIP_OPTIONS);
}

/** A client sends one of a few Accept-Encoding headers over and over; each is read once. */
const negotiated = new LRUCache<string, { encoding: AnswerEncoding | null }>({ max: 100 });

/** One coding an Accept-Encoding header names (lower-case), its weight, and where in the header it stands. */
export interface AcceptedCoding {
  name: string;
  q: number;
  index: number;
}

/**
 * The codings of an Accept-Encoding header (`gzip, br;q=0.8, *;q=0`), read as the `negotiator` package
 * reads them (an unreadable weight is 0); a header sent twice counts as one list.
 */
export function acceptedCodings(header: string | readonly string[]): AcceptedCoding[] {
  return (typeof header === 'string' ? header : header.join(',')).split(',').flatMap((part, index) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) return [];
    const weight = params.find((param) => param.startsWith('q='));
    const q = weight === undefined ? 1 : Number.parseFloat(weight.slice(2));
    return [{ name: name.toLowerCase(), q: Number.isNaN(q) ? 0 : q, index }];
  });
}

/**
 * The encoding for a client's `Accept-Encoding`, or null for the bytes as they are: brotli where it is
 * accepted at least as gladly as gzip (browsers list gzip first and weigh them alike; brotli is the
 * smaller), else gzip; neither where the client weighs `identity` above both, as koa-compress would.
 */
export function encodingFor(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const known = negotiated.get(acceptEncoding);
  if (known) return known.encoding;
  const weighed = new Map(acceptedCodings(acceptEncoding).map(({ name, q }) => [name, q]));
  const weightOf = (name: string) => weighed.get(name) ?? weighed.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  const identity = weighed.get('identity') ?? 0;
  const encoding = Math.max(br, gz) === 0 || identity > Math.max(br, gz) ? null : br >= gz ? 'br' : 'gzip';
  negotiated.set(acceptEncoding, { encoding });
  return encoding;
}

/**
 * Answers over a kilobyte are compressed when the client asks for it (brotli, else gzip): a 300 KB
 * discussion is a fraction of that on a member's phone. Brotli at quality 4 and gzip at level 6 cost a
 * laptop little per answer; the renderer's assets come precompressed at the highest levels from the build
 * (static.ts), and koa-compress leaves an answer that already has a Content-Encoding alone.
 */
export function compressAnswers(): Middleware {
  return compress({
    threshold: COMPRESSION_THRESHOLD,
    br: BROTLI_OPTIONS,
    gzip: GZIP_OPTIONS,
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
      else if (typeof (body as { pipe?: unknown }).pipe === 'function')
        return; // a stream: no tag
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
