const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A short plain-text excerpt of server-rendered HTML (a card's teaser): tags dropped, entities decoded,
 * whitespace collapsed, cut at a word near `max` characters with an ellipsis.
 */
export function excerptOf(html: string | null | undefined, max = 220): string {
  if (!html) return '';
  const text = html
    // A heading runs into the text after it: "About the book: A planet…".
    .replace(/([^.!?:…\s])\s*<\/h\d>/gi, '$1: ')
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** Lower case without accents, with where each folded character came from in the original. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < plain.length; i++) origin.push(index);
    folded += plain;
    index += char.length;
  }
  return { folded, origin };
}

/**
 * A plain-text excerpt of rendered HTML around the first of `words` it contains (ignoring case and
 * accents, as the search does), so a result shows why it matched; the start of the text when none is in it.
 */
export function excerptAround(html: string | null | undefined, words: string[], max = 220): string {
  const text = excerptOf(html, Number.MAX_SAFE_INTEGER);
  const { folded, origin } = fold(text);
  const found = words
    .map((word) => folded.indexOf(fold(word).folded))
    .filter((at) => at >= 0)
    .sort((a, b) => a - b)[0];
  const at = found === undefined ? 0 : origin[found]!;
  if (at < max / 3) return excerptOf(html, max);
  // Start a little before the match, at a word.
  const from = text.lastIndexOf(' ', at - Math.round(max / 4)) + 1;
  return `…${excerptOf(escapeHtml(text.slice(from)), max)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
