import { z } from 'zod';
import { answer, component, route } from './contract';

/** GET /api/scrape/?goodreadsUrl= answers a Goodreads book page's fields for prefilling a suggestion. */
export const scrapedBookSchema = component(
  'ScrapedBook',
  "A Goodreads book page's fields, to prefill a suggestion.",
  z.object({
    title: z.string(),
    author: z.string().nullable(),
    pageCount: z.number().int().nullable(),
    imageUrl: z.string().nullable(),
    url: z.string().describe('The canonical Goodreads address of the page.'),
    description: z.string().nullable(),
  }),
);
export type ScrapedBook = z.infer<typeof scrapedBookSchema>;

/**
 * Hosts whose pages may be read (DECISIONS.md "Scrape"). m.goodreads.com is accepted too, because members
 * paste links from their phones; it serves the same pages, and we always fetch from www.
 */
export const GOODREADS_HOSTS: readonly string[] = ['www.goodreads.com', 'goodreads.com', 'm.goodreads.com'];
export const GOODREADS_ORIGIN = 'https://www.goodreads.com';

/** A scraped description is cut to fit a suggestion's text (postFieldsSchema's `text` limit). */
export const SCRAPED_DESCRIPTION_MAX = 20_000;

/**
 * An https URL on a Goodreads host, without credentials or an unusual port; null for anything else.
 * Redirects are held to this rule as well, so the server never reads from anywhere but Goodreads.
 */
export function goodreadsUrl(input: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return null;
  return GOODREADS_HOSTS.includes(url.hostname) ? url : null;
}

/**
 * The canonical address of a Goodreads book page (`https://www.goodreads.com/book/show/<id…>`, no query or
 * fragment, which only carry tracking), or null when the input is not one.
 */
export function goodreadsBookUrl(input: string | URL): URL | null {
  const url = goodreadsUrl(input);
  if (!url || !/^\/book\/show\/\d+/.test(url.pathname)) return null;
  return new URL(url.pathname, GOODREADS_ORIGIN);
}

/** The query of GET /api/scrape/; messages are catalogue keys, as in every shared schema. */
export const scrapeQuerySchema = z.object({
  goodreadsUrl: z
    .string({ error: (issue) => (issue.input === undefined ? 'scrape:urlRequired' : 'validation:wrongType') })
    .trim()
    .min(1, { error: 'scrape:urlRequired' })
    .max(2000, { error: 'scrape:notGoodreads' })
    .refine((value) => goodreadsBookUrl(value) !== null, { error: 'scrape:notGoodreads' }),
});

export const scrapeApi = {
  // Answers /api/scrape and /api/scrape/ alike (Obskurnee's client used the slash).
  scrape: route({
    operationId: 'scrapeGoodreads',
    method: 'get',
    path: '/api/scrape',
    tag: 'Scrape',
    summary: "A Goodreads book page's fields (also at /api/scrape/).",
    description:
      'Only https Goodreads book pages; redirects are followed only within Goodreads, time and size are bounded, and the page is read ' +
      "off the club's main thread within a deadline. Counted per member with the book lookup's limit (429 past it), before Goodreads is asked.",
    who: 'member',
    query: scrapeQuerySchema,
    answer: answer.one(scrapedBookSchema, 'The book as the page describes it.'),
    errors: {
      400: ['scrape:urlRequired', 'scrape:notGoodreads'],
      404: ['scrape:bookNotFound'],
      422: ['scrape:noBookData', 'scrape:pageTooComplex'],
      429: ['tooManyRequests'],
      502: ['scrape:unreachable', 'scrape:timedOut', 'scrape:upstreamStatus', 'scrape:pageTooLarge', 'scrape:redirectedAway'],
    },
  }),
};
