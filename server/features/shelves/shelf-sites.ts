import { AppError } from '../../http/errors';
import type { ShelfSettings } from '../../settings';
import { fetchBody, type SafeFetchOptions } from '../scrape';
import type { ShelfName, ShelfSite } from '../../../shared/api/shelves';
import { PageNotRead, readPage } from '../../page-reader';
import type { ShelfBook } from './shelf-book';

/** Goodreads and StoryGraph as the shelves read them; tests point the settings at fakes on 127.0.0.1. */
export interface ShelfSites {
  /** Whether the club reads this site's shelves (its setting is not empty). */
  reads(site: ShelfSite): boolean;
  /** One shelf's books, newest first; a ShelfReadFailed says why not. */
  shelf(site: ShelfSite, externalUserId: string, shelf: ShelfName): Promise<ShelfBook[]>;
}

/** Why a shelf could not be read: a `shelfSync:` catalogue key, and whether the site asked us to slow down. */
export class ShelfReadFailed extends Error {
  constructor(
    readonly key: string,
    /** 429 or 5xx: the site is busy or failing; the club leaves it alone for a while. */
    readonly backOff: boolean,
    cause?: unknown,
  ) {
    super(key);
    if (cause !== undefined) this.cause = cause;
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A shelf of a few hundred books with their descriptions is well under a megabyte or two. */
const MAX_BYTES = 4 * 1024 * 1024;
const USER_AGENT = 'Bookclub (members-only book club; reads shelves its members linked)';

export function createShelfSites(settings: ShelfSettings, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): ShelfSites {
  const bases: Record<ShelfSite, string | null> = { Goodreads: settings.goodreadsUrl, Storygraph: settings.storygraphUrl };
  const limits = (base: string): SafeFetchOptions => ({
    fetch: fetchImpl,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: MAX_BYTES,
    // Forwards within the site only: a feed never sends the club anywhere else.
    maxRedirects: 3,
    mayFollow: (url) => url.origin === new URL(base).origin,
    errors: 'shelfSync',
    userAgent: USER_AGENT,
  });
  return {
    reads: (site) => bases[site] !== null,
    async shelf(site, externalUserId, shelf) {
      const base = bases[site];
      if (!base) throw new ShelfReadFailed('shelfSync:siteOff', false);
      const url =
        site === 'Goodreads'
          ? new URL(`/review/list_rss/${encodeURIComponent(externalUserId)}?shelf=${shelf}`, base)
          : new URL(`/${shelf === 'read' ? 'books-read' : 'currently-reading'}/${encodeURIComponent(externalUserId)}`, base);
      let body: Uint8Array;
      try {
        ({ body } = await fetchBody(url, { ...limits(base), accept: site === 'Goodreads' ? 'application/rss+xml, application/xml, text/xml' : 'text/html' }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const status = Number(error.params.status);
        // What the network did (a timeout, a refused connection), or the site's status: never the AppError's own fields.
        const cause = error.cause ?? (Number.isFinite(status) ? `HTTP ${status} from ${url.origin}` : `${error.key} ${JSON.stringify(error.params)}`);
        throw new ShelfReadFailed(error.key, error.key.endsWith(':upstreamStatus') && (status === 429 || status >= 500), cause);
      }
      // Read off the members' thread and within limits (server/page-reader.ts); whatever goes wrong there is
      // this link's failure, never the request's.
      try {
        return await (site === 'Goodreads' ? readPage({ kind: 'goodreadsFeed', body }) : readPage({ kind: 'storygraphPage', body, externalUserId, base }));
      } catch (error) {
        // Too deep, too large or too slow to read: the site is serving what the club cannot use, so it is left alone a while.
        if (error instanceof PageNotRead && error.reason === 'tooComplex') throw new ShelfReadFailed('shelfSync:pageTooComplex', true, error);
        throw new ShelfReadFailed('shelfSync:notUnderstood', false, error);
      }
    },
  };
}
