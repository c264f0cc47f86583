import { SCRAPED_DESCRIPTION_MAX, type ScrapedBook } from '../../../shared/api/scrape';
import { cleanText, decodeEntities, htmlToText } from './html-text';

/** What a book page tells; `webUrl` is Goodreads' own address for the book, when the page says it. */
export type BookPageFields = Omit<ScrapedBook, 'url'> & { webUrl: string | null };

type Json = Record<string, unknown>;

/**
 * Reads a Goodreads book page's structured data rather than its markup, which changes often:
 * the schema.org JSON-LD (`@type: Book`) for title, author, pages and cover, and the Next.js page data
 * (`__NEXT_DATA__`, Apollo cache) for the description, which JSON-LD leaves out, and as a fallback for the
 * rest. `bookId` (from the URL) picks the page's own book among the others its cache holds.
 * Null when neither yields a title: then the page is not a book page we can read.
 */
export function readBookPage(html: string, bookId: string | null): BookPageFields | null {
  const blocks = scriptBlocks(html);
  const ld = jsonLdBook(blocks);
  const apollo = apolloBook(blocks, bookId);
  const book = apollo?.book;
  const title = text(ld?.name) ?? text(book?.title);
  if (!title) return null;
  return {
    title,
    author: authorNames(ld?.author) ?? contributorName(apollo),
    pageCount: pageCount(ld?.numberOfPages) ?? pageCount(object(book?.details)?.numPages),
    imageUrl: imageUrl(ld?.image) ?? imageUrl(book?.imageUrl),
    description: description(book?.description) ?? description(ld?.description),
    webUrl: typeof book?.webUrl === 'string' ? book.webUrl : null,
  };
}

interface ScriptBlock {
  type: string;
  id: string;
  text: string;
}

/** Script elements' raw text: the parser takes it verbatim up to `</script`, so a regex finds it exactly. */
function scriptBlocks(html: string): ScriptBlock[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].map((match) => ({
    type: attribute(match[1]!, 'type').toLowerCase(),
    id: attribute(match[1]!, 'id'),
    text: match[2]!,
  }));
}

function attribute(attributes: string, name: string): string {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // a broken block is skipped; the other source may still serve
  }
}

function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function jsonLdBook(blocks: ScriptBlock[]): Json | null {
  const nodes: unknown[] = blocks.filter((b) => b.type === 'application/ld+json').map((b) => parseJson(b.text));
  // JSON-LD may hold one node, a list of them, or a @graph.
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (Array.isArray(node)) nodes.push(...node);
    const found = object(node);
    if (!found) continue;
    if (Array.isArray(found['@graph'])) nodes.push(...found['@graph']);
    const type = found['@type'];
    if (type === 'Book' || (Array.isArray(type) && type.includes('Book'))) return found;
  }
  return null;
}

function apolloBook(blocks: ScriptBlock[], bookId: string | null): { book: Json; state: Json } | null {
  const next = blocks.find((b) => b.id === '__NEXT_DATA__');
  const state = object(object(object(object(next && parseJson(next.text))?.props)?.pageProps)?.apolloState);
  if (!state) return null;
  const books = Object.values(state)
    .map(object)
    .filter((v): v is Json => v?.__typename === 'Book');
  // The page's query names its book; failing that, the one whose id is in the URL; failing that, a lone one.
  const rootQuery = object(state.ROOT_QUERY) ?? {};
  const queried = Object.entries(rootQuery).find(([key]) => key.startsWith('getBookByLegacyId'));
  const ref = object(queried?.[1])?.__ref;
  const book =
    (typeof ref === 'string' ? object(state[ref]) : null) ??
    books.find((b) => bookId !== null && String(b.legacyId) === bookId) ??
    (books.length === 1 ? books[0]! : null);
  return book ? { book, state } : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? cleanText(value) || null : null;
}

/** schema.org lets author be a name, a Person, or a list of either; several authors are joined. */
function authorNames(value: unknown): string | null {
  const names = (Array.isArray(value) ? value : [value])
    .map((author) => text(typeof author === 'string' ? author : object(author)?.name))
    .filter((name): name is string => name !== null);
  return names.length ? [...new Set(names)].join(', ') : null;
}

function contributorName(apollo: { book: Json; state: Json } | null): string | null {
  const ref = object(object(apollo?.book.primaryContributorEdge)?.node)?.__ref;
  return typeof ref === 'string' ? text(object(apollo?.state[ref])?.name) : null;
}

/** A whole number of pages a suggestion accepts (1 to 100,000), else null rather than a wrong prefill. */
function pageCount(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim() || NaN) : NaN;
  return Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : null;
}

/** An http(s) cover address; Goodreads' "no photo" placeholder counts as no cover. */
function imageUrl(value: unknown): string | null {
  const candidate = Array.isArray(value) ? value[0] : value;
  const raw = typeof candidate === 'string' ? candidate : (object(candidate)?.url ?? object(candidate)?.contentUrl);
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(decodeEntities(raw.trim()));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.pathname.includes('/nophoto/') ? null : url.href;
  } catch {
    return null;
  }
}

function description(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const plain = htmlToText(value);
  if (!plain) return null;
  if (plain.length <= SCRAPED_DESCRIPTION_MAX) return plain;
  // Cut at a word so the prefilled text still fits the suggestion form.
  const cut = plain.slice(0, SCRAPED_DESCRIPTION_MAX - 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), SCRAPED_DESCRIPTION_MAX / 2)).trimEnd() + '…';
}
