import { goodreadsBookUrl, goodreadsUrl, type ScrapedBook } from '../../../shared/api/scrape';
import { Invalid } from '../../http/errors';
import { PageNotRead, readPage } from '../../page-reader';
import { fetchBody } from './safe-fetch';
import { Unprocessable } from './scrape-errors';

/** Reads a book's fields from a link a member pasted; the route depends on this, tests on a local server. */
export interface BookScraper {
  scrape(url: string): Promise<ScrapedBook>;
}

export interface GoodreadsScraperOptions {
  /** Injected by tests to answer from a local server; defaults to Node's fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** How long reading a fetched page may take (page-reader.ts's deadline; tests shorten it). */
  readWithinMs?: number;
}

/** Goodreads book pages run to about 1 MB; three leave room and still stop a runaway body. */
const DEFAULTS = { timeoutMs: 10_000, maxBytes: 3 * 1024 * 1024, maxRedirects: 5 };

/**
 * Goodreads book pages only (DECISIONS.md "Scrape"): anything else is a 400 before any request is made,
 * and redirects are followed only to https Goodreads addresses.
 */
export function createGoodreadsScraper(options: GoodreadsScraperOptions = {}): BookScraper {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const limits = { ...DEFAULTS, ...definedOnly(options) };
  const { readWithinMs } = options;
  return {
    async scrape(input) {
      const start = goodreadsBookUrl(input.trim());
      if (!start) throw new Invalid('scrape:notGoodreads', {}, { goodreadsUrl: ['scrape:notGoodreads'] });
      const page = await fetchBody(start, {
        fetch: fetchImpl,
        ...limits,
        mayFollow: (url) => goodreadsUrl(url) !== null,
      });
      // Off the members' thread and within a deadline (server/page-reader.ts): a page built to make its
      // reading slow costs that thread, never the club.
      const job = { kind: 'bookPage', body: page.body, bookId: bookIdOf(page.url) ?? bookIdOf(start) } as const;
      const book = await readPage(job, readWithinMs).catch((error: unknown) => {
        if (error instanceof PageNotRead) throw new Unprocessable('scrape:pageTooComplex');
        throw error;
      });
      if (!book) throw new Unprocessable('scrape:noBookData');
      const { webUrl, ...fields } = book;
      // Goodreads' own address for the book, else where we read it; both without query or fragment.
      const url = (webUrl && goodreadsBookUrl(webUrl)) || goodreadsBookUrl(page.url) || start;
      return { ...fields, url: url.href };
    },
  };
}

function bookIdOf(url: URL): string | null {
  return /^\/book\/show\/(\d+)/.exec(url.pathname)?.[1] ?? null;
}

function definedOnly(options: GoodreadsScraperOptions): Partial<typeof DEFAULTS> {
  const { timeoutMs, maxBytes, maxRedirects } = options;
  return Object.fromEntries(Object.entries({ timeoutMs, maxBytes, maxRedirects }).filter(([, v]) => v !== undefined));
}
