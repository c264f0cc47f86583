import { isbnOf, type FoundBook } from '../../../shared/api/lookup';
import { AppError, NotFound } from '../../http/errors';
import type { OpenLibrarySettings } from '../../settings';
import { BadGateway, fetchBody, type SafeFetchOptions } from '../scrape';

/** Open Library as the lookup uses it; the service depends on this, tests on a fake on 127.0.0.1. */
export interface OpenLibrary {
  search(query: string): Promise<FoundBook[]>;
  /** A cover's bytes (JPEG, as Open Library keeps them); 404 `lookup:coverNotFound` when it has none. */
  cover(coverId: number): Promise<Buffer>;
}

export interface OpenLibraryOptions extends OpenLibrarySettings {
  fetch?: typeof fetch;
}

/** Within this a member is still watching the box; past it the form is filled in by hand. */
const DEFAULT_TIMEOUT_MS = 6_000;
/** Ten books with these fields are a few kilobytes; a megabyte stops a runaway answer. */
const SEARCH_MAX_BYTES = 1024 * 1024;
/** Open Library's large covers are some 50-300 kB. */
const COVER_MAX_BYTES = 8 * 1024 * 1024;
const RESULTS = 10;
const FIELDS = 'key,title,author_name,first_publish_year,number_of_pages_median,isbn,cover_i';
/** Open Library asks API users to name themselves. */
const USER_AGENT = 'Bookclub (members-only book club; book lookup)';

/**
 * The documented search API (`/search.json`) and covers API (`/b/id/{id}-L.jpg`). The server builds every
 * address itself from the settings, a query and a cover id: a member never names one. Covers may be
 * forwarded to the Internet Archive, where Open Library keeps them; nothing else is followed.
 */
export function createOpenLibrary(options: OpenLibraryOptions): OpenLibrary {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const origins = new Set([new URL(options.url).origin, new URL(options.coversUrl).origin]);
  const limits: Omit<SafeFetchOptions, 'maxBytes'> = {
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRedirects: 3,
    mayFollow: (url) => origins.has(url.origin) || isArchiveHost(url),
    errors: 'lookup',
    userAgent: USER_AGENT,
  };
  return {
    async search(query) {
      const isbn = isbnOf(query);
      const url = new URL('/search.json', options.url);
      url.search = new URLSearchParams({ q: isbn ? `isbn:${isbn}` : query, fields: FIELDS, limit: String(RESULTS) }).toString();
      let json: unknown;
      try {
        const { body } = await fetchBody(url, { ...limits, maxBytes: SEARCH_MAX_BYTES, accept: 'application/json' });
        json = JSON.parse(body.toString('utf8'));
      } catch (error) {
        // Open Library's search has no 404 of its own: one means the setting names the wrong place.
        if (error instanceof NotFound) throw new BadGateway('lookup:upstreamStatus', { status: 404 });
        if (error instanceof AppError) throw error;
        throw new BadGateway('lookup:notUnderstood', {}, error);
      }
      return readSearchAnswer(json, options.url);
    },
    async cover(coverId) {
      // default=false: a missing cover is a 404, not Open Library's blank picture.
      const url = new URL(`/b/id/${coverId}-L.jpg?default=false`, options.coversUrl);
      try {
        return (await fetchBody(url, { ...limits, maxBytes: COVER_MAX_BYTES, accept: 'image/*' })).body;
      } catch (error) {
        if (error instanceof NotFound) throw new NotFound('lookup:coverNotFound');
        throw error;
      }
    },
  };
}

/** https on archive.org or one of its hosts (ia800100.us.archive.org), the default port, no credentials. */
function isArchiveHost(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return url.hostname === 'archive.org' || url.hostname.endsWith('.archive.org');
}

const TITLE_MAX = 300;
const AUTHORS_SHOWN = 3;

/**
 * The books of a search.json answer, in its order. Open Library leaves out fields it does not know, so each
 * is read for itself; a document without a work key or a title is skipped, and anything of the wrong type
 * counts as missing. Texts lose control characters and are cut to what a suggestion holds.
 */
export function readSearchAnswer(json: unknown, base: string): FoundBook[] {
  const docs = isRecord(json) && Array.isArray(json.docs) ? json.docs : null;
  if (!docs) throw new BadGateway('lookup:notUnderstood');
  const books: FoundBook[] = [];
  for (const doc of docs.slice(0, RESULTS)) {
    if (!isRecord(doc)) continue;
    const key = typeof doc.key === 'string' && /^\/works\/OL\d{1,12}W$/.test(doc.key) ? doc.key : null;
    const title = text(doc.title, TITLE_MAX);
    if (!key || !title) continue;
    const authors = Array.isArray(doc.author_name) ? doc.author_name.map((name) => text(name, 100)).filter((name) => name !== null) : [];
    books.push({
      key,
      title,
      author: authors.length ? text(authors.slice(0, AUTHORS_SHOWN).join(', '), TITLE_MAX) : null,
      year: whole(doc.first_publish_year, 1, 9999),
      pageCount: whole(doc.number_of_pages_median, 1, 100_000),
      url: new URL(key, base).href,
      coverId: whole(doc.cover_i, 1, 2_000_000_000),
      isbn: Array.isArray(doc.isbn)
        ? (doc.isbn.map((value) => (typeof value === 'string' ? isbnOf(value) : null)).find((value) => value !== null) ?? null)
        : null,
    });
  }
  return books;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

function whole(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}
