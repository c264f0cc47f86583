import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShelfName } from '../../../shared/api/shelves';

/**
 * Tests never touch Goodreads or StoryGraph: this server on 127.0.0.1 answers both (GOODREADS_URL and
 * STORYGRAPH_URL point at it). Goodreads' shelf feeds at `/review/list_rss/{id}?shelf=…` are RSS 2.0 shaped
 * as the real ones (CDATA around links, dates and descriptions, HTML inside descriptions, `<book id>` with
 * `<num_pages>`, RFC 822 dates); StoryGraph's shelf pages at `/currently-reading/{name}` and
 * `/books-read/{name}` carry the markup Obskurnee's scraper reads. A path can be made to misbehave.
 */
export interface FakeShelfSites {
  url: string;
  /** Every path and query asked, in order. */
  requested: string[];
  /** What a Goodreads member's shelf feed lists, newest first (an item's fields left out are left out of the feed). */
  goodreads(userId: string, shelf: ShelfName, items: FeedItem[]): void;
  /** What a StoryGraph member's shelf page shows. */
  storygraph(name: string, shelf: ShelfName, books: PaneBook[]): void;
  /** Makes a path (`/review/list_rss/7?shelf=read`, `/books-read/anna`) answer badly, until set back with null. */
  misbehave(path: string, how: Misbehaviour | null): void;
  close(): Promise<void>;
}

export interface FeedItem {
  bookId: string;
  title: string;
  author?: string;
  rating?: number;
  pages?: number;
  readAt?: string;
  addedAt?: string;
  /** Raw XML added to the item (odd fields, long descriptions). */
  extra?: string;
  /** Written as the title without CDATA (entities escaped), as some items are. */
  plainTitle?: boolean;
}

export interface PaneBook {
  id: string;
  title: string;
  authors?: string[];
  series?: string;
  cover?: string;
}

export type Misbehaviour =
  | 'billionLaughs'
  | 'externalEntity'
  | 'hugeFeed'
  | 'hugeItem'
  | 'malformed'
  | 'cutShort'
  | 'notXml'
  | 'slow'
  | 'redirectAway'
  | 'redirectWithin'
  | 'tooManyRequests'
  | 'serverError'
  | 'notFound'
  | 'nestedPage'
  | 'nestedFeed';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** One `<item>` as Goodreads writes it. */
export function feedItem(item: FeedItem): string {
  const review = `https://www.goodreads.com/review/show/${item.bookId}9?utm_medium=api&utm_source=rss`;
  const cover = `https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1478010711l/${item.bookId}`;
  return `
    <item>
      <guid>${cdata(review)}</guid>
      <pubDate>${cdata(item.addedAt ?? 'Mon, 15 Sep 2025 18:12:35 -0700')}</pubDate>
      <title>${item.plainTitle ? escape(item.title) : cdata(item.title)}</title>
      <link>${cdata(review)}</link>
      <book_id>${item.bookId}</book_id>
      <book_image_url>${cdata(`${cover}._SY75_.jpg`)}</book_image_url>
      <book_small_image_url>${cdata(`${cover}._SY75_.jpg`)}</book_small_image_url>
      <book_medium_image_url>${cdata(`${cover}._SX98_.jpg`)}</book_medium_image_url>
      <book_large_image_url>${cdata(`${cover}._SY475_.jpg`)}</book_large_image_url>
      <book_description>${cdata(`<b>${escape(item.title)}</b> is a book.<br /><br />With <i>HTML</i> &amp; entities.`)}</book_description>
      <book id="${item.bookId}">
        ${item.pages === undefined ? '' : `<num_pages>${item.pages}</num_pages>`}
      </book>
      ${item.author === undefined ? '' : `<author_name>${escape(item.author)}</author_name>`}
      <isbn>0525433678</isbn>
      <user_name>Anna</user_name>
      <user_rating>${item.rating ?? 0}</user_rating>
      <user_read_at>${item.readAt ? cdata(item.readAt) : ''}</user_read_at>
      <user_date_added>${cdata(item.addedAt ?? 'Mon, 15 Sep 2025 18:12:35 -0700')}</user_date_added>
      <user_date_created>${cdata(item.addedAt ?? 'Mon, 15 Sep 2025 18:12:35 -0700')}</user_date_created>
      <user_shelves>${item.readAt ? 'favourites' : ''}</user_shelves>
      <user_review></user_review>
      <average_rating>4.05</average_rating>
      <book_published>2002</book_published>
      <description>${cdata(`<a href="https://www.goodreads.com/book/show/${item.bookId}"><img alt="${escape(item.title)}" src="${cover}._SY75_.jpg" /></a><br/>author: ${escape(item.author ?? '')}<br/>`)}</description>
      ${item.extra ?? ''}
    </item>`;
}

/** A whole feed, as `/review/list_rss/{id}?shelf=…` answers it. */
export function goodreadsFeed(shelf: string, items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <xhtml:meta xmlns:xhtml="http://www.w3.org/1999/xhtml" name="robots" content="noindex" />
    <title>Anna's bookshelf: ${shelf}</title>
    <copyright><![CDATA[Copyright (C) 2025 Goodreads Inc. All rights reserved.]]></copyright>
    <link><![CDATA[https://www.goodreads.com/review/list_rss/1?shelf=${shelf}]]></link>
    <atom:link href="https://www.goodreads.com/review/list_rss/1?shelf=${shelf}" rel="self" type="application/rss+xml"/>
    <description><![CDATA[Anna's bookshelf: ${shelf}]]></description>
    <language>en-US</language>
    <lastBuildDate>Tue, 16 Sep 2025 03:12:35 -0700</lastBuildDate>
    <ttl>60</ttl>
    <image><title>Anna's bookshelf: ${shelf}</title><link>https://www.goodreads.com/review/list_rss/1</link><width>144</width><height>41</height><url>https://www.goodreads.com/images/layout/goodreads_logo_144.jpg</url></image>
    ${items.join('')}
  </channel>
</rss>
`;
}

/** A StoryGraph shelf page: some panes drawn twice (phone and wide screen), as StoryGraph does. */
export function storygraphPage(name: string, shelf: string, books: PaneBook[]): string {
  const pane = (book: PaneBook) => `
    <div class="book-pane" data-book-id="${book.id}">
      <div class="book-pane-content grid grid-cols-10 gap-5">
        <div class="cover-image-column col-span-3"><div class="book-cover"><a href="/books/${book.id}"><img alt="${escape(book.title)}" src="${escape(book.cover ?? `https://cdn.thestorygraph.com/${book.id}.jpg`)}" /></a></div></div>
        <div class="details-column col-span-7">
          <div class="book-title-author-and-series">
            <h3 class="font-bold text-xl"><a href="/books/${book.id}">${escape(book.title)}</a></h3>
            ${book.series ? `<p class="font-body"><a href="/series/${book.id}-s">${escape(book.series)}</a> <span>#1</span></p>` : ''}
            <p class="font-body mb-1">${(book.authors ?? []).map((author, i) => `<a href="/authors/${i}-${book.id}">${escape(author)}</a>`).join(', ')}</p>
          </div>
        </div>
      </div>
    </div>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(name)}'s ${shelf} | The StoryGraph</title>
<script>window.dataLayer = []; if (1 < 2) { console.log("<div class='book-pane-content'>not a pane</div>"); }</script></head>
<body><nav><a href="/profile/${escape(name)}">${escape(name)}</a></nav>
<main><h4 class="font-semibold">${shelf === 'read' ? 'Read' : 'Currently Reading'}</h4>
<div class="read-books-panes">${books.map(pane).join('')}</div>
<div class="hidden md:block">${books.slice(0, 1).map(pane).join('')}</div></main></body></html>`;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<rss version="2.0"><channel><item><title>&lol9;</title><book_id>1</book_id></item></channel></rss>
`;
const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><item><title>&xxe;</title><book_id>1</book_id></item></channel></rss>
`;

export async function startFakeShelfSites(): Promise<FakeShelfSites> {
  const requested: string[] = [];
  const feeds = new Map<string, FeedItem[]>();
  const pages = new Map<string, PaneBook[]>();
  const misbehaving = new Map<string, Misbehaviour>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname + url.search;
    requested.push(path);
    const how = misbehaving.get(path);
    if (how) return misbehave(how, res, timers, path);
    const rss = /^\/review\/list_rss\/(\d+)$/.exec(url.pathname);
    const shelf = url.searchParams.get('shelf') ?? '';
    if (rss && (shelf === 'read' || shelf === 'currently-reading')) {
      const items = feeds.get(`${rss[1]} ${shelf}`);
      if (!items) return res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Page not found</h1>');
      return res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' }).end(goodreadsFeed(shelf, items.map(feedItem)));
    }
    const page = /^\/(currently-reading|books-read)\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const pageShelf = page[1] === 'books-read' ? 'read' : 'currently-reading';
      const books = pages.get(`${page[2]} ${pageShelf}`);
      if (!books) return res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
      return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(storygraphPage(page[2]!, pageShelf, books));
    }
    res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    goodreads: (userId, shelf, items) => void feeds.set(`${userId} ${shelf}`, items),
    storygraph: (name, shelf, books) => void pages.set(`${name} ${shelf}`, books),
    misbehave: (path, how) => void (how ? misbehaving.set(path, how) : misbehaving.delete(path)),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function misbehave(how: Misbehaviour, res: http.ServerResponse, timers: Set<NodeJS.Timeout>, path: string): void {
  const xml = (body: string) => void res.writeHead(200, { 'Content-Type': 'application/xml' }).end(body);
  switch (how) {
    case 'billionLaughs':
      return xml(BILLION_LAUGHS);
    case 'externalEntity':
      return xml(EXTERNAL_ENTITY);
    case 'hugeFeed':
      return void streamHuge(res);
    case 'hugeItem':
      // One item of 3 MB (under the cap): its title is cut, its description never kept.
      return xml(
        goodreadsFeed('read', [
          feedItem({
            bookId: '77',
            title: `Long ${'title '.repeat(2_000)}`,
            author: 'A'.repeat(5_000),
            extra: `<book_description>${'x'.repeat(3_000_000)}</book_description>`,
          }),
        ]),
      );
    case 'malformed':
      return xml('<?xml version="1.0"?><rss version="2.0"><channel><item><title>Half</title><book_id>5</book_id></channel></rss>garbage<');
    case 'cutShort':
      return xml(goodreadsFeed('read', [feedItem({ bookId: '5', title: 'First' })]).slice(0, 600));
    case 'notXml':
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>We are down for maintenance</body></html>');
    case 'slow': {
      const timer = setTimeout(() => xml(goodreadsFeed('read', [])), 5_000);
      timers.add(timer);
      return;
    }
    case 'redirectAway':
      return void res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    case 'redirectWithin':
      return void res.writeHead(301, { Location: path.replace('/review/list_rss/', '/review/list_rss/') + (path.includes('?') ? '&' : '?') + 'moved=1' }).end();
    case 'tooManyRequests':
      return void res.writeHead(429, { 'Retry-After': '3600', 'Content-Type': 'text/plain' }).end('Slow down');
    case 'serverError':
      return void res.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    case 'notFound':
      return void res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Page not found</h1>');
    case 'nestedPage':
      // 2.5 MB of <div>s, each inside the one before: read on the club's thread it blocked the club for 510 s.
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<html><body>${'<div>'.repeat(500_000)}</body></html>`);
    case 'nestedFeed':
      // 200,000 items, each inside the one before, in an otherwise proper feed: it stalled the club for 46 s.
      return xml(`<?xml version="1.0"?><rss version="2.0"><channel>${'<item>'.repeat(200_000)}${'</item>'.repeat(200_000)}</channel></rss>`);
  }
}

/** Six megabytes of a feed, streamed without a Content-Length. */
async function streamHuge(res: http.ServerResponse): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
  const chunk = Buffer.from(feedItem({ bookId: '9', title: 'Again' }).repeat(50));
  for (let sent = 0; sent < 6 * 1024 * 1024 && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end('</channel></rss>');
}
