import { DomUtils } from 'htmlparser2';
import { childElement, isElement, parseBounded, type Element } from './markup';
import { cleanLine, cleanUrl, rfc822Date, SHELF_BOOKS_MAX, ShelfNotUnderstood, wholeNumber, type ShelfBook } from './shelf-book';

/**
 * A Goodreads shelf feed (`/review/list_rss/{id}?shelf=…`, RSS 2.0) as books, in the feed's order (newest
 * first). Each `<item>` carries `book_id`, `title`, `author_name`, `book_large_image_url` (or
 * `book_image_url`), `isbn`, `<book id><num_pages>`, `user_rating` (0: none), `user_read_at`,
 * `user_date_added` (RFC 822), `link` (the member's review), often in CDATA; HTML only in descriptions,
 * which the club does not keep.
 *
 * Parsed by htmlparser2 in XML mode, which never reads a DTD: it expands no entity but XML's own five and
 * character references. A document that declares one anyway (a DOCTYPE or an ENTITY: "billion laughs",
 * external entities) is refused whole, as is one that does not end its `</rss>` (cut short: reading it would
 * take books off the shelf that are still there). Items without a book id or title are skipped.
 */
export function readGoodreadsFeed(xml: string): ShelfBook[] {
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml)) throw new ShelfNotUnderstood('the feed declares a DTD or entities');
  if (!/<\/rss>\s*$/.test(xml)) throw new ShelfNotUnderstood('the feed does not end with </rss>');
  const document = parseBounded(xml, { xmlMode: true });
  const rss = DomUtils.findOne((node) => node.name === 'rss', document.children, false);
  const channel = rss && DomUtils.findOne((node) => node.name === 'channel', rss.children, false);
  if (!channel) throw new ShelfNotUnderstood('no <rss><channel>');
  const books = new Map<string, ShelfBook>();
  for (const item of channel.children) {
    if (books.size >= SHELF_BOOKS_MAX) break;
    if (!isElement(item) || item.name !== 'item') continue;
    const book = readItem(item);
    if (book && !books.has(book.externalBookId)) books.set(book.externalBookId, book);
  }
  return [...books.values()];
}

function readItem(item: Element): ShelfBook | null {
  const text = (name: string) => {
    const element = childElement(item, name);
    return element ? DomUtils.textContent(element) : null;
  };
  const bookElement = childElement(item, 'book');
  const externalBookId = /^\d{1,15}$/.exec(text('book_id')?.trim() ?? '')?.[0] ?? /^\d{1,15}$/.exec(bookElement?.attribs.id ?? '')?.[0];
  const title = cleanLine(text('title'));
  if (!externalBookId || !title) return null;
  const numPages = bookElement && childElement(bookElement, 'num_pages');
  return {
    externalBookId,
    title,
    author: cleanLine(text('author_name')),
    series: null,
    url: cleanUrl(text('link')) ?? cleanUrl(text('guid')),
    imageUrl: cleanUrl(text('book_large_image_url')) ?? cleanUrl(text('book_image_url')),
    rating: wholeNumber(text('user_rating'), 1, 5),
    pageCount: wholeNumber(numPages ? DomUtils.textContent(numPages) : text('num_pages'), 1, 100_000),
    readOn: rfc822Date(text('user_read_at')),
    addedOn: rfc822Date(text('user_date_added')),
  };
}
