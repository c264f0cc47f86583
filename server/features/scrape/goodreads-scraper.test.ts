import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS, startFakeGoodreads, type FakeGoodreads } from './fake-goodreads';
import { createGoodreadsScraper, type BookScraper } from './goodreads-scraper';

let goodreads: FakeGoodreads;
let scraper: BookScraper;
const GR = 'https://www.goodreads.com';

beforeAll(async () => {
  goodreads = await startFakeGoodreads();
  scraper = createGoodreadsScraper({ fetch: goodreads.fetch, timeoutMs: 2000 });
});
afterAll(async () => {
  await goodreads.close();
});

describe('reading a Goodreads book page', () => {
  it('answers the book from the page structured data', async () => {
    const book = await scraper.scrape(`${GR}${BOOKS.full}`);
    expect(book).toMatchObject({
      title: "The Baker's Daughter & the Sea",
      author: "Mária Nováková, Seán O'Brien",
      pageCount: 352,
      imageUrl: 'https://images-na.ssl-images-amazon.com/images/S/compressed.photo.goodreads.com/books/1600000000i/12345678.jpg',
      url: `${GR}${BOOKS.full}`,
    });
  });

  it('turns the HTML description into plain text with paragraphs, entities decoded', async () => {
    const { description } = await scraper.scrape(`${GR}${BOOKS.full}`);
    expect(description).toBe(
      [
        'A Sunday Chronicle bestseller & winner of the Harbour Prize.',
        '',
        "When the harbour town of Kelp's End floods, Ada Marsh and her father lose the bakery — and find a map folded inside a sack of flour.",
        '',
        '"A warm, salty delight." — The Weekly Review',
        '“Funny and wise.” — Someone Famous',
        '',
        'This edition includes:',
        '',
        '- a recipe for seaweed bread',
        '- a map of Kelp’s End',
        '',
        'Pre\u2011order now. 5 < 6 && Štúr píše.',
      ].join('\n'),
    );
  });

  it('takes the description of the page own book, not of a recommended one', async () => {
    const { description } = await scraper.scrape(`${GR}${BOOKS.full}`);
    expect(description).not.toContain('different book');
  });

  it('gives null for what the page lacks, and fills page count from the page data', async () => {
    const book = await scraper.scrape(`${GR}${BOOKS.noDescription}`);
    expect(book).toEqual({
      title: 'Quiet Hours',
      author: 'Jana Malá',
      pageCount: 210,
      imageUrl: null, // Goodreads' "no photo" placeholder is no cover
      url: `${GR}${BOOKS.noDescription}`,
      description: null,
    });
  });

  it('answers the canonical address, without query or fragment', async () => {
    const book = await scraper.scrape(`  https://goodreads.com${BOOKS.full}?ref=nav_sb_ss_1&from_search=true#CommunityReviews `);
    expect(book.url).toBe(`${GR}${BOOKS.full}`);
    expect(goodreads.requested.at(-1)).toBe(`${GR}${BOOKS.full}`);
  });

  it('accepts a mobile link and reads it from www', async () => {
    const book = await scraper.scrape(`https://m.goodreads.com${BOOKS.full}`);
    expect(book.title).toBe("The Baker's Daughter & the Sea");
    expect(goodreads.requested.at(-1)).toBe(`${GR}${BOOKS.full}`);
  });

  it('a page without book data is a 422', async () => {
    await expect(scraper.scrape(`${GR}${BOOKS.noData}`)).rejects.toMatchObject({ status: 422, key: 'scrape:noBookData' });
  });

  it('a book Goodreads does not have is a 404', async () => {
    await expect(scraper.scrape(`${GR}/book/show/404`)).rejects.toMatchObject({ status: 404, key: 'scrape:bookNotFound' });
  });

  it('a Goodreads error is a 502 that names the status', async () => {
    await expect(scraper.scrape(`${GR}/book/show/503`)).rejects.toMatchObject({
      status: 502,
      key: 'scrape:upstreamStatus',
      params: { status: 503 },
    });
  });

  it('an unreachable Goodreads is a 502', async () => {
    const offline = createGoodreadsScraper({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(offline.scrape(`${GR}${BOOKS.full}`)).rejects.toMatchObject({ status: 502, key: 'scrape:unreachable' });
  });
});

describe('only Goodreads book pages are read', () => {
  it.each([
    ['another host', 'https://www.amazon.com/book/show/12345678'],
    ['a look-alike host', 'https://www.goodreads.com.example.net/book/show/12345678'],
    ['http', `http://www.goodreads.com${BOOKS.full}`],
    ['javascript:', 'javascript:alert(1)//www.goodreads.com/book/show/1'],
    ['a non-book path', 'https://www.goodreads.com/author/show/9876543'],
    ['a search page', 'https://www.goodreads.com/search?q=book/show/1'],
    ['credentials in the link', `https://user:pass@www.goodreads.com${BOOKS.full}`],
    ['another port', `https://www.goodreads.com:8443${BOOKS.full}`],
    ['not a link', 'the baker’s daughter'],
    ['nothing', ''],
  ])('%s is a 400, asked of nobody', async (_, url) => {
    const before = goodreads.requested.length;
    await expect(scraper.scrape(url)).rejects.toMatchObject({ status: 400, key: 'scrape:notGoodreads' });
    expect(goodreads.requested.length).toBe(before);
  });
});

describe('redirects, time and size', () => {
  it('follows a redirect within Goodreads', async () => {
    const book = await scraper.scrape(`${GR}/book/show/12345678`);
    expect(book.title).toBe("The Baker's Daughter & the Sea");
    expect(book.url).toBe(`${GR}${BOOKS.full}`);
  });

  it('refuses a redirect to another host, without fetching it', async () => {
    await expect(scraper.scrape(`${GR}/book/show/1-to-elsewhere`)).rejects.toMatchObject({
      status: 502,
      key: 'scrape:redirectedAway',
      params: { to: 'https://goodreads.example.net' },
    });
    expect(goodreads.requested.at(-1)).toBe(`${GR}/book/show/1-to-elsewhere`);
  });

  it('refuses a redirect down to http', async () => {
    await expect(scraper.scrape(`${GR}/book/show/2-to-http`)).rejects.toMatchObject({ status: 502, key: 'scrape:redirectedAway' });
  });

  it('gives up on a redirect loop after a few hops', async () => {
    const limited = createGoodreadsScraper({ fetch: goodreads.fetch, maxRedirects: 3 });
    const before = goodreads.requested.length;
    await expect(limited.scrape(`${GR}/book/show/3-loop`)).rejects.toMatchObject({ status: 502, key: 'scrape:tooManyRedirects' });
    expect(goodreads.requested.length - before).toBe(4);
  });

  it('refuses a redirect without a target', async () => {
    await expect(scraper.scrape(`${GR}/book/show/4-no-location`)).rejects.toMatchObject({ status: 502, key: 'scrape:badRedirect' });
  });

  it('stops reading an oversized page', async () => {
    await expect(scraper.scrape(`${GR}/book/show/8-huge`)).rejects.toMatchObject({ status: 502, key: 'scrape:pageTooLarge' });
  });

  it('refuses a page whose declared size is over the limit', async () => {
    await expect(scraper.scrape(`${GR}/book/show/9-declared-huge`)).rejects.toMatchObject({ status: 502, key: 'scrape:pageTooLarge' });
  });

  it('a limit of a few bytes refuses even a normal page', async () => {
    const tiny = createGoodreadsScraper({ fetch: goodreads.fetch, maxBytes: 1000 });
    await expect(tiny.scrape(`${GR}${BOOKS.full}`)).rejects.toMatchObject({ status: 502, key: 'scrape:pageTooLarge' });
  });

  it.each([
    ['answers nothing', '/book/show/11-silent'],
    ['stalls in the middle of the page', '/book/show/10-stalls'],
  ])('times out when Goodreads %s', async (_, path) => {
    const impatient = createGoodreadsScraper({ fetch: goodreads.fetch, timeoutMs: 300 });
    const started = performance.now();
    await expect(impatient.scrape(`${GR}${path}`)).rejects.toMatchObject({ status: 502, key: 'scrape:timedOut' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
