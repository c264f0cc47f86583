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
