import { describe, expect, it } from 'vitest';
import { feedItem, goodreadsFeed, storygraphPage } from './fake-shelf-sites';
import { readGoodreadsFeed } from './goodreads-feed';
import { MarkupTooComplex } from './markup';
import { rfc822Date, ShelfNotUnderstood } from './shelf-book';
import { readStorygraphPage } from './storygraph-page';

describe('a Goodreads shelf feed', () => {
  it('reads each item as Goodreads writes it: CDATA, entities, the book id, pages, stars, dates; HTML descriptions are not kept', () => {
    const feed = goodreadsFeed('read', [
      feedItem({
        bookId: '31625351',
        title: 'Stories of Your Life & Others',
        author: 'Ted Chiang',
        rating: 5,
        pages: 304,
        readAt: 'Wed, 10 Sep 2025 00:00:00 +0000',
        addedAt: 'Mon, 15 Sep 2025 18:12:35 -0700',
      }),
      feedItem({ bookId: '2', title: 'Čítať v lete — 読書', author: 'Mária Ďurčová', plainTitle: true }),
    ]);
    const books = readGoodreadsFeed(feed);
    expect(books).toEqual([
      {
        externalBookId: '31625351',
        title: 'Stories of Your Life & Others',
        author: 'Ted Chiang',
        series: null,
        url: 'https://www.goodreads.com/review/show/316253519?utm_medium=api&utm_source=rss',
        imageUrl: 'https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1478010711l/31625351._SY475_.jpg',
        rating: 5,
        pageCount: 304,
        readOn: '2025-09-10T00:00:00.000Z',
        addedOn: '2025-09-16T01:12:35.000Z',
      },
      expect.objectContaining({ externalBookId: '2', title: 'Čítať v lete — 読書', author: 'Mária Ďurčová', rating: null, pageCount: null, readOn: null }),
    ]);
  });

  it('reads an empty shelf as no books, and skips items without a book id or title, and a book listed twice', () => {
    expect(readGoodreadsFeed(goodreadsFeed('currently-reading', []))).toEqual([]);
    const odd = goodreadsFeed('read', [
      '<item><title>No id</title></item>',
      '<item><book_id>abc</book_id><title>Bad id</title></item>',
      '<item><book_id>4</book_id><title>  </title></item>',
      '<item><book_id>5</book_id><title>Bare</title></item>',
      feedItem({ bookId: '5', title: 'Bare again' }),
    ]);
    expect(readGoodreadsFeed(odd)).toEqual([
      { externalBookId: '5', title: 'Bare', author: null, series: null, url: null, imageUrl: null, rating: null, pageCount: null, readOn: null, addedOn: null },
    ]);
  });

  it('cuts an enormous title and author to what the club keeps, and keeps control characters out', () => {
    const [book] = readGoodreadsFeed(
      goodreadsFeed('read', [feedItem({ bookId: '7', title: `A\u0000B\u0007 ${'long '.repeat(500)}`, author: 'x'.repeat(5_000) })]),
    );
    expect(book!.title.startsWith('A B long')).toBe(true);
    expect(book!.title.length).toBeLessThanOrEqual(300);
    expect(book!.title.endsWith('…')).toBe(true);
    expect(book!.author).toHaveLength(300);
  });

  it('refuses a DTD or entity declaration (billion laughs, external entities) without expanding anything', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><rss><channel><item><title>&lol2;</title><book_id>1</book_id></item></channel></rss>`;
    expect(() => readGoodreadsFeed(laughs)).toThrow(ShelfNotUnderstood);
    expect(() => readGoodreadsFeed(`<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel></channel></rss>`)).toThrow(ShelfNotUnderstood);
    // Undeclared entities stay as they are written; nothing is fetched or expanded.
    const [book] = readGoodreadsFeed(`<rss><channel><item><book_id>1</book_id><title>&xxe; &amp; &#x10D;</title></item></channel></rss>`);
    expect(book!.title).toBe('&xxe; & č');
  });

  it('refuses what is not a whole feed: cut short, not RSS, markup gone wrong', () => {
    const whole = goodreadsFeed('read', [feedItem({ bookId: '5', title: 'First' })]);
    expect(() => readGoodreadsFeed(whole.slice(0, 600))).toThrow(ShelfNotUnderstood);
    expect(() => readGoodreadsFeed('<html><body>Down for maintenance</body></html>')).toThrow(ShelfNotUnderstood);
    expect(() => readGoodreadsFeed('<feed><entry/></feed></rss>')).toThrow(ShelfNotUnderstood);
    expect(() => readGoodreadsFeed('')).toThrow(ShelfNotUnderstood);
  });

  it('reads RFC 822 dates in any zone it knows, and no others', () => {
    expect(rfc822Date('Mon, 15 Sep 2025 18:12:35 -0700')).toBe('2025-09-16T01:12:35.000Z');
    expect(rfc822Date('Sun, 01 Jan 2023 09:00:00 GMT')).toBe('2023-01-01T09:00:00.000Z');
    expect(rfc822Date('1 Jan 23 09:00 PST')).toBe('2023-01-01T17:00:00.000Z');
    expect(rfc822Date('Tue, 2 Jul 2024 23:30:00 +0530')).toBe('2024-07-02T18:00:00.000Z');
    expect(rfc822Date('Tue, 2 Jul 2024 23:30:00 +05:30')).toBe('2024-07-02T18:00:00.000Z');
    expect(rfc822Date('Wed, 10 Sep 2025')).toBe('2025-09-10T00:00:00.000Z');
    expect(rfc822Date('Mon, 15 Sep 2025 18:12:35 CEST')).toBeNull();
    expect(rfc822Date('Mon, 31 Feb 2025 18:12:35 +0000')).toBeNull();
    expect(rfc822Date('2025-09-15T18:12:35Z')).toBeNull();
    expect(rfc822Date('')).toBeNull();
  });
});

describe('a StoryGraph shelf page', () => {
  const base = 'https://app.thestorygraph.com';
  it('reads each pane once: the title and id of the book link, authors, series and cover', () => {
    const html = storygraphPage('anna', 'read', [
      { id: 'b1-uuid', title: 'Piranesi', authors: ['Susanna Clarke'], cover: 'https://cdn.thestorygraph.com/p.jpg' },
      { id: 'b2', title: 'Dobrodružstvá & <spol>', authors: ['Ján', 'Mária'], series: 'Sága' },
    ]);
    expect(readStorygraphPage(html, 'anna', base)).toEqual([
      {
        externalBookId: 'b1-uuid',
        title: 'Piranesi',
        author: 'Susanna Clarke',
        series: null,
        url: 'https://app.thestorygraph.com/books/b1-uuid',
        imageUrl: 'https://cdn.thestorygraph.com/p.jpg',
        rating: null,
        pageCount: null,
        readOn: null,
        addedOn: null,
      },
      expect.objectContaining({ externalBookId: 'b2', title: 'Dobrodružstvá & <spol>', author: 'Ján, Mária', series: 'Sága' }),
    ]);
  });

  it("takes a page without books as an empty shelf only when it is the member's shelf page", () => {
    expect(readStorygraphPage(storygraphPage('anna', 'read', []), 'anna', base)).toEqual([]);
    expect(() => readStorygraphPage('<html><body>Sign in to continue</body></html>', 'anna', base)).toThrow(ShelfNotUnderstood);
    expect(() => readStorygraphPage(storygraphPage('bea', 'read', []), 'anna', base)).toThrow(ShelfNotUnderstood);
  });
});

describe('a page built to be costly', () => {
  // Each would have taken htmlparser2 minutes (its work grows with the square of the nesting) and hundreds of MB.
  it('is stopped part-way, quickly: too deep, too many nodes', () => {
    const started = performance.now();
    expect(() => readStorygraphPage('<div>'.repeat(500_000), 'anna', 'https://app.thestorygraph.com')).toThrow(MarkupTooComplex);
    expect(() => readGoodreadsFeed(`<rss><channel>${'<item>'.repeat(200_000)}${'</item>'.repeat(200_000)}</channel></rss>`)).toThrow(MarkupTooComplex);
    expect(() => readStorygraphPage('<a href="/books/1">x</a>'.repeat(60_000), 'anna', 'https://app.thestorygraph.com')).toThrow(/more than 50000 nodes/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('still reads a real shelf nested a little deeper than usual', () => {
    const page = storygraphPage('anna', 'read', [{ id: 'b1', title: 'Deep' }]).replace('<main>', `<main>${'<div>'.repeat(100)}`);
    expect(readStorygraphPage(page, 'anna', 'https://app.thestorygraph.com').map((book) => book.title)).toEqual(['Deep']);
  });

  it('with a bad percent-escape in a link is read without it, never thrown', () => {
    const page = storygraphPage('anna', 'read', [{ id: 'b1', title: 'Kept' }]).replace('<main>', '<main><a href="/books/1%">broken</a>');
    expect(readStorygraphPage(page, 'anna', 'https://app.thestorygraph.com').map((book) => book.title)).toEqual(['Kept']);
  });
});
