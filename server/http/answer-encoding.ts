import { promisify } from 'node:util';
import zlib from 'node:zlib';
import etag from 'etag';
import type { Context, Middleware } from 'koa';
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

/**
 * Compressions under way at once. Each holds its own engine from the moment it is made (a brotli encoder
 * and its window: some hundreds of kilobytes), and libuv's pool runs four at a time whatever the number
 * waiting: 3,000 voters answered at once each had an engine of their own waiting for its turn, and the
 * server's resident memory went from 180 MiB to 820 MiB (bench, the ballot storm). Those beyond the
 * pool's size now wait here, as a Buffer and a callback.
 */
export const COMPRESSIONS_AT_ONCE = Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4);
let compressing = 0;
let compressionsStarted = 0;
const waitingToCompress: (() => void)[] = [];

/** Compressions running now and started so far (tests). */
export function compressionCounts(): { running: number; started: number } {
  return { running: compressing, started: compressionsStarted };
}

/** Runs `work` once fewer than COMPRESSIONS_AT_ONCE others run; a finished one hands its turn on. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (compressing < COMPRESSIONS_AT_ONCE) compressing++;
  else await new Promise<void>((resolve) => waitingToCompress.push(resolve));
  try {
    compressionsStarted++;
    return await work();
  } finally {
    const next = waitingToCompress.shift();
    if (next) next();
    else compressing--;
  }
}

/** `json` compressed as the server compresses answers, on libuv's thread pool, a few at a time. */
export function compressedForm(json: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return inTurn(() => (encoding === 'br' ? brotli(json, BROTLI_OPTIONS) : gzip(json, GZIP_OPTIONS)));
}

/**
 * The compressed forms of answer bodies given as Buffers, by the Buffer itself: a body many callers get as
 * the very same Buffer (every voter of a storm who sees the poll in the same state) is compressed once per
 * encoding. A Buffer answered is never written to after (its bytes may be on their way), so its forms
 * stay right for as long as it lives.
 */
const compressedBodies = new WeakMap<Buffer, Map<AnswerEncoding, Promise<Buffer>>>();

function compressedBody(body: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  let forms = compressedBodies.get(body);
  if (!forms) compressedBodies.set(body, (forms = new Map()));
  let form = forms.get(encoding);
  if (!form) {
    forms.set(encoding, (form = compressedForm(body, encoding)));
    // A failure is not kept: the next answer tries again.
    form.catch(() => forms.delete(encoding));
  }
  return form;
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

/** Answers whose bodies are text of these types are compressed here, whole; koa-compress decides for the rest. */
const TEXT_ANSWER = /^(?:application\/(?:[\w.+-]+\+)?json|text\/[\w.+-]+|application\/(?:javascript|xml))(?:;|$)/i;
const EMPTY_BODY_STATUSES = new Set([204, 205, 206, 304]);

/**
 * A JSON or text answer Koa holds whole (a Buffer, a string, an object to serialise) is compressed here in
 * one piece, a few at a time (`compressedForm`), and a Buffer answered before is not compressed again.
 * Answers it leaves alone (streams, other types) go on to koa-compress, as before.
 */
async function compressWholeAnswer(ctx: Context): Promise<void> {
  const body: unknown = ctx.body;
  if (body == null || ctx.method === 'HEAD' || EMPTY_BODY_STATUSES.has(ctx.status) || ctx.response.get('Content-Encoding')) return;
  if (!TEXT_ANSWER.test(ctx.response.get('Content-Type')) || /(?:^|,)\s*no-transform\s*(?:,|$)/.test(ctx.response.get('Cache-Control'))) return;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const encoding = encodingFor(ctx.get('Accept-Encoding'));
  if (!encoding) return;
  const shared = Buffer.isBuffer(body);
  const bytes = shared ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  if (bytes.byteLength < COMPRESSION_THRESHOLD) return;
  const compressed = shared ? await compressedBody(bytes, encoding) : await compressedForm(bytes, encoding);
  // The type stays as it was set; Koa sets the length of the new body.
  ctx.body = compressed;
  ctx.set('Content-Encoding', encoding);
}

/**
 * Answers over a kilobyte are compressed when the client asks for it (brotli, else gzip): a 300 KB
 * discussion is a fraction of that on a member's phone. Brotli at quality 4 and gzip at level 6 cost a
 * laptop little per answer; the renderer's assets come precompressed at the highest levels from the build
 * (static.ts), and koa-compress leaves an answer that already has a Content-Encoding alone. JSON and text
 * answers are compressed whole by `compressWholeAnswer`; koa-compress compresses streams, and sets Vary.
 */
export function compressAnswers(): Middleware {
  const streams = compress({
    threshold: COMPRESSION_THRESHOLD,
    br: BROTLI_OPTIONS,
    gzip: GZIP_OPTIONS,
    deflate: false,
  });
  return (ctx, next) =>
    streams(ctx, async () => {
      await next();
      await compressWholeAnswer(ctx);
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
