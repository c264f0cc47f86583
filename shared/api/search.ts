import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../constants';
import { answer, component, route } from './contract';
import { postSchema } from './discussions';
import { recommendationSchema } from './recommendations';

export const SEARCH_KINDS = ['Post', 'Rec'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** At most this many results, best first: enough to find a thing, bounded for a club with years of posts. */
export const SEARCH_RESULT_LIMIT = 100;

const rank = z.number().describe('How well it matches: bigger is better.');

/** Where the search's words are: sanitized HTML whose only tags are the <mark>s around matched words. */
export const searchHighlightSchema = component(
  'SearchHighlight',
  'The matched words wrapped in `<mark>`: sanitized HTML, everything else escaped text.',
  z.object({
    title: z.string().describe('The title.'),
    author: z.string().nullable().describe('The author (null when there is none).'),
    text: z.string().nullable().describe('Plain text of the markdown cut to an excerpt around the first match, spoilers hidden (null when there is no text).'),
  }),
);
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;
const highlight = searchHighlightSchema;

export const postSearchResultSchema = component('PostSearchResult', 'A matching post.', postSchema.extend({ kind: z.literal('Post'), rank, highlight }));
export const recommendationSearchResultSchema = component(
  'RecommendationSearchResult',
  'A matching recommendation.',
  recommendationSchema.extend({ kind: z.literal('Rec'), rank, highlight }),
);

/**
 * Flat: the post's or recommendation's own fields, its kind, its rank (best first) and its highlights. As
 * Obskurnee's client reads them, `title`, `author` and `renderedText` carry the highlights too.
 */
export const searchResultSchema = component(
  'SearchResult',
  "A match: the post's or recommendation's own fields, plus `kind`, `rank` and `highlight`. As Obskurnee answered, its `title`, `author` and " +
    '`renderedText` are escaped text (HTML) with the matched words in `<mark class="searchresult">`, `renderedText` being the excerpt ' +
    '(null for a suggestion marked as containing spoilers, whose `highlight.text` is null too).',
  z.discriminatedUnion('kind', [postSearchResultSchema, recommendationSearchResultSchema]),
);
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A value the query string may carry once or repeated. */
const oneOrMore = (error?: string) => z.union([z.string(), z.array(z.string())], error ? { error } : undefined);

/**
 * The query string of GET /api/search. The words themselves are read by the search parser (its own
 * messages: too short, too long, no words, too many words); a repeated `query` is read as its first.
 */
export const searchQuerySchema = z.object({
  query: oneOrMore('errors:searchTooShort')
    .transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value))
    .describe(`The search; at least ${SEARCH_MIN_LENGTH} characters after trimming, at most ${SEARCH_MAX_LENGTH}.`),
  kind: oneOrMore()
    .optional()
    .transform((value): SearchKind[] => {
      const asked = (Array.isArray(value) ? value : (value ?? '').split(',')).map((kind) => kind.trim());
      const kinds = SEARCH_KINDS.filter((kind) => asked.includes(kind));
      return kinds.length ? kinds : [...SEARCH_KINDS];
    })
    .describe('`Post`, `Rec`, or both (comma-separated or repeated); both when left out.'),
});

export const searchApi = {
  search: route({
    operationId: 'search',
    method: 'get',
    path: '/api/search',
    tag: 'Search',
    summary: 'Search posts and recommendations (also at /api/search/).',
    description:
      `Words are ANDed; \`*\` ends a prefix (\`tolk*\`); "quoted phrases" match exactly. It forgives what is still being typed: ` +
      `the last word also matches as a prefix (from 3 letters), an unclosed quote is closed, stray operators are dropped. ` +
      `Best match first, at most ${SEARCH_RESULT_LIMIT}, each with \`highlight\`.`,
    who: 'member',
    query: searchQuerySchema,
    answer: answer.list(searchResultSchema, 'The matches, best first.'),
    errors: { 400: ['searchTooShort', 'searchNoWords', 'searchTooLong', 'searchTooManyWords'] },
  }),
};
