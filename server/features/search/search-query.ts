import { SEARCH_MAX_LENGTH, SEARCH_MAX_TERMS, SEARCH_MIN_LENGTH } from '../../../shared/constants';
import { Invalid } from '../../http/errors';

/** A run of letters and digits in any script; everything else separates words, as the index's tokenizer does. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** From a position: whitespace, a "phrase" (closed or not) with an optional `*`, or a bare token. */
const SPACE = /\s+/y;
const PHRASE = /"([^"]*)("?)(\*?)/y;
const TOKEN = /[^\s"]+/y;

/**
 * Turns what a member typed into an FTS5 query that can never be a syntax error: every word and phrase is
 * quoted (so AND, OR, NEAR, columns and punctuation are just text), words are ANDed, a trailing `*` makes
 * a prefix, and "quoted phrases" match exactly. What cannot be understood is a 400 that says why.
 *
 * One pass over the input with sticky patterns, so the work grows linearly with the query, and the query
 * is bounded (SEARCH_MAX_LENGTH characters, SEARCH_MAX_TERMS distinct terms): bots may search too.
 */
export function toFtsQuery(input: string): string {
  if (input.length > SEARCH_MAX_LENGTH * 4) throw new Invalid('searchTooLong', { max: SEARCH_MAX_LENGTH });
  const query = input.trim();
  const length = [...query].length;
  if (length < SEARCH_MIN_LENGTH) throw new Invalid('searchTooShort');
  if (length > SEARCH_MAX_LENGTH) throw new Invalid('searchTooLong', { max: SEARCH_MAX_LENGTH });

  const terms = new Set<string>();
  let at = 0;
  while (at < query.length) {
    SPACE.lastIndex = PHRASE.lastIndex = TOKEN.lastIndex = at;
    if (SPACE.test(query)) {
      at = SPACE.lastIndex;
      continue;
    }
    const phrase = PHRASE.exec(query);
    if (phrase) {
      if (!phrase[2]) throw new Invalid('searchUnclosedQuote');
      const words = phrase[1]!.match(WORD);
      if (words) terms.add(quote(words.join(' ')) + phrase[3]);
      at = PHRASE.lastIndex;
      continue;
    }
    const token = TOKEN.exec(query)![0];
    const words = token.match(WORD) ?? [];
    const prefix = token.endsWith('*');
    words.forEach((word, index) => terms.add(quote(word) + (prefix && index === words.length - 1 ? '*' : '')));
    at = TOKEN.lastIndex;
  }
  if (terms.size === 0) throw new Invalid('searchNoWords');
  if (terms.size > SEARCH_MAX_TERMS) throw new Invalid('searchTooManyWords', { max: SEARCH_MAX_TERMS });
  return [...terms].join(' AND ');
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
