import { describe, expect, it } from 'vitest';
import { bookLinkSite, publicationYearText } from './book-facts';

describe("a book's facts", () => {
  it('names a Goodreads link and an Open Library link; any other is just a link', () => {
    expect(bookLinkSite('https://www.goodreads.com/book/show/234225.Dune')).toBe('goodreads');
    expect(bookLinkSite('https://openlibrary.org/works/OL893415W')).toBe('openLibrary');
    expect(bookLinkSite('https://www.openlibrary.org/works/OL893415W')).toBe('openLibrary');
    expect(bookLinkSite('https://openlibrary.org.example/works/OL893415W')).toBeNull();
    expect(bookLinkSite('https://example.org/openlibrary.org')).toBeNull();
    expect(bookLinkSite('not a link')).toBeNull();
  });

  it('says a year before the common era as such', () => {
    const t = (_key: string, { year }: { year: number }) => `${year} BC`;
    expect(publicationYearText(1965, t)).toBe('1965');
    expect(publicationYearText(0, t)).toBe('0');
    expect(publicationYearText(-750, t)).toBe('750 BC');
  });
});
