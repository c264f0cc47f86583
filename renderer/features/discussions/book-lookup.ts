import { queryOptions, skipToken } from '@tanstack/react-query';
import { isbnOf, LOOKUP_QUERY_MAX, type FoundBook } from '../../../shared/api/lookup';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import type { PostFormValues } from './post-form';

/** Fewer letters than this find too much to be of use; an ISBN is looked up whatever its length. */
export const LOOKUP_TYPED_MIN = 3;

/** What is looked up for what was typed: spaces folded, null while it is too short to be worth asking. */
export function lookupTermOf(typed: string): string | null {
  const term = typed.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, LOOKUP_QUERY_MAX);
  return term.length >= LOOKUP_TYPED_MIN || isbnOf(term) ? term : null;
}

/**
 * Open Library's books for a term, through the club (the browser never asks Open Library itself). Kept
 * while the page lives: the same words again show at once. Nothing to look up sends nothing; a newer term
 * takes the query's place and the older request is aborted.
 */
export function bookLookupQuery(term: string | null) {
  return queryOptions({
    queryKey: routeKey('lookup', 'lookup', { query: { q: term ?? '' } }),
    queryFn: term ? ({ signal }) => api.lookup.lookup({ query: { q: term }, signal }) : skipToken,
    staleTime: Infinity,
    retry: false,
  });
}

/** One line under a found book's title: its author, first year and pages, as far as Open Library knows them. */
export function foundBookDetails(book: FoundBook, pages: (count: number) => string): string {
  return [book.author, book.year === null ? null : String(book.year), book.pageCount === null ? null : pages(book.pageCount)]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/**
 * A picked book fills the form: what Open Library knows replaces what was typed, what it does not know
 * keeps it. The cover is the club's own copy (stored after picking), never Open Library's address.
 */
export function withFoundBook(values: PostFormValues, book: FoundBook, storedCover: string | null = null): PostFormValues {
  return {
    ...values,
    title: book.title,
    author: book.author ?? values.author,
    pageCount: book.pageCount === null ? values.pageCount : String(book.pageCount),
    year: book.year === null ? values.year : String(book.year),
    url: book.url,
    imageUrl: storedCover ?? (book.coverId === null ? values.imageUrl : ''),
  };
}
