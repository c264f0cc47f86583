import { goodreadsUrl } from '../../shared/api/scrape';

/** Where a book's outside link goes, when it is a site the club names: Goodreads, or Open Library (the book lookup's links). */
export function bookLinkSite(url: string): 'goodreads' | 'openLibrary' | null {
  if (goodreadsUrl(url)) return 'goodreads';
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return host === 'openlibrary.org' || host.endsWith('.openlibrary.org') ? 'openLibrary' : null;
}

/** A publication year as a reader says it: 1965, or 750 BC for a negative year (the catalogue's `book.yearBc`). */
export function publicationYearText(year: number, t: (key: 'book.yearBc', options: { year: number }) => string): string {
  return year < 0 ? t('book.yearBc', { year: -year }) : String(year);
}
