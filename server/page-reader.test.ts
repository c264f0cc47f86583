import { describe, expect, it } from 'vitest';
import { feedItem, goodreadsFeed } from './features/shelves/fake-shelf-sites';
import { PageNotRead, readPage } from './page-reader';

describe('the page-reading thread', () => {
  it("reads a small page from Node's shared Buffer pool without taking the pool away", async () => {
    // Under 4 KB: Buffer.from places both in the pool.
    const feed = Buffer.from('<rss><channel><item><book_id>7</book_id><title>Small</title></item></channel></rss>');
    const neighbour = Buffer.from('kept');
    expect(feed.buffer).toBe(neighbour.buffer);
    const books = await readPage({ kind: 'goodreadsFeed', body: feed });
    expect(books.map((book) => book.title)).toEqual(['Small']);
    // Bytes beside it in the pool (and the pool itself) are as they were.
    expect(neighbour.toString()).toBe('kept');
    expect(Buffer.from('after').toString()).toBe('after');
  });

  it('refuses what it cannot read, and past its deadline ends the thread; the next page gets a new one', async () => {
    const nested = Buffer.from(`<rss><channel>${'<item>'.repeat(10_000)}</channel></rss>`);
    await expect(readPage({ kind: 'goodreadsFeed', body: nested })).rejects.toMatchObject({ reason: 'tooComplex', message: /nested deeper/ });
    await expect(readPage({ kind: 'goodreadsFeed', body: Buffer.from('<html>down</html>') })).rejects.toMatchObject({ reason: 'notUnderstood' });
    // A regular expression that backtracks for minutes: only ending the thread stops it.
    const slow = readPage({ kind: 'bookPage', body: Buffer.from('<script>'.repeat(200_000)), bookId: null }, 300);
    await expect(slow).rejects.toBeInstanceOf(PageNotRead);
    await expect(slow).rejects.toMatchObject({ message: 'not read within 300 ms' });
    const next = Buffer.from(goodreadsFeed('read', [feedItem({ bookId: '8', title: 'Next' })]));
    expect((await readPage({ kind: 'goodreadsFeed', body: next })).map((book) => book.title)).toEqual(['Next']);
  });
});
