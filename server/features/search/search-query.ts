import { SEARCH_MAX_LENGTH, SEARCH_MAX_TERMS, SEARCH_MIN_LENGTH } from '../../../shared/constants';
import { Invalid } from '../../http/errors';

/** A run of letters and digits in any script; everything else separates words, as the index's tokenizer does. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** From a position: whitespace, a "phrase" (closed or not) with an optional `*`, or a bare token. */
const SPACE = /\s+/y;
const PHRASE = /"([^"]*)("?)(\*?)/y;
const TOKEN = /[^\s"]+/y;
/** FTS5's operators, which people type out of habit; we AND every word, so they mean nothing here. */
const OPERATORS = new Set(['AND', 'OR', 'NOT']);
/** `NEAR(` and `NEAR/3(` at the start of a token: the operator, not a word. */
const NEAR = /^NEAR(?:\/\d*)?\(/;
/**
 * The last word is also matched as a prefix only from this many letters. A one- or two-letter prefix
 * matches a good part of the vocabulary: it finds nothing useful and costs the most (merging hundreds of
 * words' entries: ~80 ms for `ka*` over 70,000 posts against ~1 ms for `kni*`).
 */
const IMPLICIT_PREFIX_MIN = 3;

/** One thing to look for: a word, or a phrase of words in order; `prefix`: its last word may go on. */
interface Term {
  words: string[];
  prefix: boolean;
  /** A "closed phrase" or a word ending in `*`: exactly what was asked, never widened. */
  asTyped: boolean;
}

/**
 * Turns what a member typed into an FTS5 query that can never be a syntax error: every word and phrase is
 * quoted (so AND, OR, NEAR, columns and punctuation are just text), words are ANDed, a trailing `*` makes
 * a prefix, and "quoted phrases" match exactly.
 *
 * It forgives what a person is still typing (the search runs as they type, DECISIONS.md "Search"): an
 * unclosed quote is closed; the last word also matches as a prefix (`Dune Herb` finds Herbert), unless it
 * has fewer than 3 letters, when it is left out if anything else is searched (`dune h` is `dune` until the
 * next word takes shape); stray operators (`AND`, `OR`, `NOT`, `NEAR(`, `-`, `(`, a lone `"` or `*`) are
 * dropped, and only if nothing but operator words is left are they searched as words. What still cannot be
 * understood is a 400 that says why: too short, too long, no words at all, too many words.
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

  let terms: Term[] = [];
  const operators: Term[] = [];
  let at = 0;
  while (at < query.length) {
    SPACE.lastIndex = PHRASE.lastIndex = TOKEN.lastIndex = at;
    if (SPACE.test(query)) {
      at = SPACE.lastIndex;
      continue;
    }
    const phrase = PHRASE.exec(query);
    if (phrase) {
      // An unclosed quote runs to the end of the query: the phrase being typed, closed for the member.
      const words = phrase[1]!.match(WORD);
      if (words) terms.push({ words, prefix: !!phrase[3], asTyped: !!phrase[2] || !!phrase[3] });
      at = PHRASE.lastIndex;
      continue;
    }
    let token = TOKEN.exec(query)![0];
    at = TOKEN.lastIndex;
    if (OPERATORS.has(token)) {
      operators.push({ words: [token], prefix: false, asTyped: false });
      continue;
    }
    const near = NEAR.exec(token);
    if (near) {
      operators.push({ words: ['NEAR'], prefix: false, asTyped: false });
      token = token.slice(near[0].length);
    }
    const words = token.match(WORD) ?? [];
    const prefix = token.endsWith('*');
    words.forEach((word, index) => {
      const last = index === words.length - 1;
      terms.push({ words: [word], prefix: prefix && last, asTyped: prefix && last });
    });
  }
  if (terms.length === 0) terms = operators;
  forgiveLastWord(terms);
  if (terms.length === 0) throw new Invalid('searchNoWords');

  const distinct = new Set(terms.map((term) => quote(term.words.join(' ')) + (term.prefix ? '*' : '')));
  if (distinct.size > SEARCH_MAX_TERMS) throw new Invalid('searchTooManyWords', { max: SEARCH_MAX_TERMS });
  return [...distinct].join(' AND ');
}

/** The word being typed: matched as a prefix too, or left out while it is one or two letters long. */
function forgiveLastWord(terms: Term[]): void {
  const last = terms.at(-1);
  if (!last || last.asTyped) return;
  if ([...last.words.at(-1)!].length >= IMPLICIT_PREFIX_MIN) last.prefix = true;
  else if (last.words.length > 1) last.words.pop();
  else if (terms.length > 1) terms.pop();
  // The only word, and short: searched as typed.
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
