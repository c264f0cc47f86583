import { z } from 'zod';
import { answer, component, route } from './contract';
import { jsonNumber } from './schema-helpers';

/** A book Open Library knows, as the lookup answers it: what fills a suggestion's fields. */
export const foundBookSchema = component(
  'FoundBook',
  'A book Open Library found.',
  z.object({
    key: z.string().describe('Work key: `/works/OL45804W`.'),
    title: z.string(),
    author: z.string().nullable().describe('Up to three, comma separated.'),
    year: z.number().int().nullable().describe('First published.'),
    pageCount: z.number().int().nullable(),
    url: z.string(),
    coverId: z.number().int().nullable().describe('For `POST /api/books/covers`.'),
    isbn: z.string().nullable(),
  }),
);
export type FoundBook = z.infer<typeof foundBookSchema>;

export const bookLookupSchema = component('BookLookup', 'At most ten books, best first.', z.object({ books: z.array(foundBookSchema) }));
export type BookLookup = z.infer<typeof bookLookupSchema>;

export const storedCoverSchema = component(
  'StoredCover',
  'A cover kept by the club.',
  z.object({ imageUrl: z.string().describe('`/images/covers/ol-{coverId}.webp`') }),
);
export type StoredCover = z.infer<typeof storedCoverSchema>;

/** At most this many characters are looked up (a long title and its author fit). */
export const LOOKUP_QUERY_MAX = 200;
/** Fewer characters find too much to be of use (and every one of them would ask Open Library). */
export const LOOKUP_QUERY_MIN = 2;

/** Control characters (tabs and line breaks included): nobody types them into a search box. */
// eslint-disable-next-line no-control-regex -- they are what this looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The query of GET /api/books/lookup; messages are catalogue keys. */
export const bookLookupQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'lookup:queryRequired' : 'validation:wrongType') })
    .max(LOOKUP_QUERY_MAX * 2, { error: 'lookup:queryTooLong' })
    .refine((value) => !CONTROL.test(value), { error: 'lookup:queryInvalid' })
    .transform((value) => value.normalize('NFC').replace(/\s+/g, ' ').trim())
    .refine((value) => value.length >= LOOKUP_QUERY_MIN, { error: 'lookup:queryRequired' })
    .refine((value) => value.length <= LOOKUP_QUERY_MAX, { error: 'lookup:queryTooLong' }),
});

/** An Open Library cover id: a positive whole number, nothing else (the server builds the address itself). */
export const coverIdSchema = jsonNumber(
  z.number().int().min(1, { error: 'lookup:coverIdInvalid' }).max(2_000_000_000, { error: 'lookup:coverIdInvalid' }),
  'lookup:coverIdInvalid',
);

export const storeCoverSchema = z.object({ coverId: coverIdSchema });

/**
 * ISBN-10 or ISBN-13 as typed (with hyphens or spaces), as digits; null when the query is not one.
 * The check digit is not checked: Open Library simply finds nothing for a wrong one.
 */
export function isbnOf(query: string): string | null {
  const digits = query.replace(/[\s-]/g, '').toUpperCase();
  return /^(?:\d{9}[\dX]|97[89]\d{10})$/.test(digits) ? digits : null;
}

/** The file name a stored Open Library cover gets: one per cover id, so it never gets other bytes. */
export const storedCoverPath = (coverId: number) => `/images/covers/ol-${coverId}.webp`;

export const lookupApi = {
  lookup: route({
    operationId: 'lookUpBooks',
    method: 'get',
    path: '/api/books/lookup',
    tag: 'Book lookup',
    summary: 'Books on Open Library by title, author or ISBN.',
    description: 'Kept an hour; 503 when OPEN_LIBRARY_URL is empty; 502 when Open Library fails or is slow.',
    who: 'member',
    query: bookLookupQuerySchema,
    answer: answer.one(bookLookupSchema, 'The books found.'),
    errors: {
      400: ['lookup:queryRequired', 'lookup:queryTooLong', 'lookup:queryInvalid'],
      429: ['tooManyRequests'],
      502: ['lookup:unreachable', 'lookup:timedOut', 'lookup:upstreamStatus', 'lookup:pageTooLarge', 'lookup:notUnderstood', 'lookup:redirectedAway'],
      503: ['lookup:off'],
    },
  }),
  storeCover: route({
    operationId: 'storeBookCover',
    method: 'post',
    path: '/api/books/covers',
    tag: 'Book lookup',
    summary: "Keeps an Open Library cover in the club (WebP, at most 400 × 600); answers the club's address.",
    who: 'member',
    body: storeCoverSchema,
    answer: answer.one(storedCoverSchema, 'The kept cover.'),
    errors: {
      400: ['lookup:coverIdInvalid'],
      404: ['lookup:coverNotFound'],
      429: ['tooManyRequests'],
      502: ['lookup:unreachable', 'lookup:timedOut', 'lookup:upstreamStatus', 'lookup:pageTooLarge', 'lookup:coverNotImage', 'lookup:redirectedAway'],
      503: ['lookup:off'],
    },
  }),
};
