import { DomUtils } from 'htmlparser2';
import { hasClass, isElement, parseBounded, type Element } from './markup';
import { cleanLine, cleanUrl, SHELF_BOOKS_MAX, ShelfNotUnderstood, type ShelfBook } from './shelf-book';

/**
 * A StoryGraph shelf page (`/currently-reading/{name}`, `/books-read/{name}`) as books, in the page's order,
 * read from its markup as Obskurnee's scraper reads it: each `.book-pane-content` holds the cover (its first
 * `img`) and `.book-title-author-and-series`, whose links are the book (`/books/{id}`: the title), its
 * authors (`/authors/…`) and series (`/series/…`). StoryGraph draws some panes twice (for phones and for
 * wide screens); a book is taken once.
 *
 * StoryGraph has no feed, so an empty shelf and a page that is not a shelf (a sign-in page, maintenance) look
 * alike: a page without books counts as an empty shelf only when it links the member's own profile
 * (`/profile/{name}`), as StoryGraph's shelf pages do; anything else is not understood and changes nothing.
 */
export function readStorygraphPage(html: string, externalUserId: string, base: string): ShelfBook[] {
  const document = parseBounded(html);
  const books = new Map<string, ShelfBook>();
  for (const pane of DomUtils.findAll((element) => hasClass(element, 'book-pane-content'), document.children)) {
    if (books.size >= SHELF_BOOKS_MAX) break;
    const book = readPane(pane, base);
    if (book && !books.has(book.externalBookId)) books.set(book.externalBookId, book);
  }
  if (books.size === 0) {
    const profilePath = `/profile/${externalUserId}`.toLowerCase();
    const linksProfile = DomUtils.findOne(
      (element) => element.name === 'a' && pathOf(element.attribs.href, base)?.toLowerCase() === profilePath,
      document.children,
    );
    if (!linksProfile) throw new ShelfNotUnderstood('no books, and no link to the profile: not a shelf page');
  }
  return [...books.values()];
}

function pathOf(href: string | undefined, base: string): string | null {
  if (!href || !URL.canParse(href, base)) return null;
  try {
    return decodeURIComponent(new URL(href, base).pathname).replace(/\/+$/, '');
  } catch {
    return null; // a bad escape (`/books/1%`) links nowhere the club reads
  }
}

function readPane(pane: Element, base: string): ShelfBook | null {
  const heading = DomUtils.findOne((element) => hasClass(element, 'book-title-author-and-series'), pane.children);
  if (!heading) return null;
  const links = DomUtils.findAll((element) => element.name === 'a', heading.children)
    .map((link) => ({ path: pathOf(link.attribs.href, base), text: cleanLine(DomUtils.textContent(link)) }))
    .filter((link): link is { path: string; text: string | null } => link.path !== null);
  const first = links[0];
  const externalBookId = first && /^\/books\/([A-Za-z0-9-]{1,100})$/.exec(first.path)?.[1];
  const title = first?.text;
  if (!externalBookId || !title) return null;
  const joined = (prefix: string, separator: string) =>
    cleanLine(
      links
        .filter((link) => link.path.startsWith(prefix) && link.text)
        .map((link) => link.text)
        .join(separator),
    );
  const image = DomUtils.findOne((element) => isElement(element) && element.name === 'img', pane.children);
  return {
    externalBookId,
    title,
    author: joined('/authors/', ', '),
    series: joined('/series/', ' '),
    url: cleanUrl(`/books/${externalBookId}`, base),
    imageUrl: cleanUrl(image?.attribs.src, base),
    rating: null,
    pageCount: null,
    readOn: null,
    addedOn: null,
  };
}
