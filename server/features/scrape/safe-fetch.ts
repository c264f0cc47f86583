import { AppError, NotFound } from '../../http/errors';
import { BadGateway } from './scrape-errors';

export interface SafeFetchOptions {
  fetch: typeof fetch;
  /** For the whole exchange: every hop and the body. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Whether a redirect may be followed there; anything else is refused, not fetched. */
  mayFollow(url: URL): boolean;
  /** The catalogue whose keys the errors carry (`scrape:timedOut`, `lookup:timedOut`); scrape by default. */
  errors?: 'scrape' | 'lookup' | 'shelfSync';
  /** What to ask for (Accept); HTML pages by default. */
  accept?: string;
  /** Who is asking (User-Agent); a browser-like prefill by default. */
  userAgent?: string;
}

export interface FetchedBody {
  /** Where the answer was finally read, after redirects. */
  url: URL;
  body: Buffer;
  /** The answer's Content-Type, as sent. */
  type: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml';
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Bookclub book prefill)';

/**
 * Reads a page (or any answer: JSON, a picture) the way a server reading member-supplied links must: redirects followed by hand and only
 * where `mayFollow` allows (fetch's own following would go anywhere, including the host's LAN), one time
 * limit for everything, and a size limit enforced while reading. Failures are AppErrors: 404 when the page
 * does not exist, 502 with a readable detail otherwise.
 */
export async function fetchBody(start: URL, options: SafeFetchOptions): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const ns = options.errors ?? 'scrape';
  const headers = { Accept: options.accept ?? DEFAULT_ACCEPT, 'Accept-Language': 'en', 'User-Agent': options.userAgent ?? DEFAULT_USER_AGENT };
  try {
    let url = start;
    for (let hops = 0; ; hops++) {
      const response = await options.fetch(url, { redirect: 'manual', signal, headers });
      if (REDIRECTS.has(response.status)) {
        await discard(response);
        if (hops >= options.maxRedirects) throw new BadGateway(`${ns}:tooManyRedirects`);
        url = redirectTarget(response, url, options, ns);
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await discard(response);
        throw new NotFound(`${ns}:bookNotFound`);
      }
      if (!response.ok) {
        await discard(response);
        throw new BadGateway(`${ns}:upstreamStatus`, { status: response.status });
      }
      if (Number(response.headers.get('content-length')) > options.maxBytes) {
        await discard(response);
        throw new BadGateway(`${ns}:pageTooLarge`);
      }
      const body = await readBounded(response, options.maxBytes, signal, ns);
      return { url, body, type: response.headers.get('content-type') ?? '' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw new BadGateway(`${ns}:timedOut`, { seconds: Math.ceil(options.timeoutMs / 1000) }, error);
    throw new BadGateway(`${ns}:unreachable`, {}, error);
  }
}

function redirectTarget(response: Response, from: URL, options: SafeFetchOptions, ns: string): URL {
  const location = response.headers.get('location');
  if (!location) throw new BadGateway(`${ns}:badRedirect`);
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new BadGateway(`${ns}:badRedirect`);
  }
  // Named by origin only: enough to see where it went, without echoing a long tracking URL.
  const to = target.origin === 'null' ? target.protocol : target.origin;
  if (!options.mayFollow(target)) throw new BadGateway(`${ns}:redirectedAway`, { to });
  return target;
}

/** The body, refused as soon as it grows past maxBytes (Content-Length may be absent or lie). */
async function readBounded(response: Response, maxBytes: number, signal: AbortSignal, ns: string): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  // An injected fetch may not tie its body to the signal; the race keeps the time limit regardless.
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {}); // a limit that fires after the body ended is nobody's error
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BadGateway(`${ns}:pageTooLarge`);
      chunks.push(value);
    }
  } finally {
    // Stops the download when we gave up early; a no-op once the body has ended.
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks);
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}
