import { SEARCH_MIN_LENGTH } from '../../../shared/constants';
import { Invalid } from '../../http/errors';

/**
 * Turns what a member typed into an FTS5 query that can never be a syntax error: every word and phrase is
 * quoted (so AND, OR, NEAR, columns and punctuation are just text), words are ANDed, a trailing `*` makes
 * a prefix, and "quoted phrases" match exactly. What cannot be understood is a 400 that says why.
 */
export function toFtsQuery(input: string): string {
  const query = input.trim();
  if ([...query].length < SEARCH_MIN_LENGTH) throw new Invalid('searchTooShort');
  const terms: string[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === '"') {
      const end = query.indexOf('"', i + 1);
      if (end === -1) throw new Invalid('searchUnclosedQuote');
      const prefix = query[end + 1] === '*';
      const phrase = words(query.slice(i + 1, end));
      if (phrase.length) terms.push(quote(phrase.join(' ')) + (prefix ? '*' : ''));
      i = end + (prefix ? 2 : 1);
    } else {
      const match = /^[^\s"]+/.exec(query.slice(i))!;
      const token = match[0];
      const prefix = token.endsWith('*');
      for (const [index, word] of words(token).entries()) {
        const last = index === words(token).length - 1;
        terms.push(quote(word) + (prefix && last ? '*' : ''));
      }
      i += token.length;
    }
  }
  if (terms.length === 0) throw new Invalid('searchNoWords');
  return terms.join(' AND ');
}

/** Letters and digits in any script; everything else separates words, as the index's tokenizer does. */
function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
