/**
 * HTML fragments from a scraped page turned into plain text: entities decoded, tags dropped, paragraphs kept.
 * The text becomes a suggestion's markdown, which the server renders and sanitizes anyway, so this only has
 * to read well, not to be a security boundary; a dozen lines here spare the app an HTML-parser dependency.
 */
import { decodeHTMLStrict } from 'entities';

/**
 * Decodes character references (`&amp;`, `&#39;`, `&#x27;`, every name HTML knows) that end in ";"; an
 * unknown name is left as written, a reference to nothing (NUL, a surrogate) becomes U+FFFD.
 */
export function decodeEntities(text: string): string {
  return decodeHTMLStrict(text);
}

/** Decoded, with runs of whitespace made one space and the ends trimmed: for titles and names. */
export function cleanText(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

// A tag, with quoted attribute values that may hold '>'.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const BLOCKS = new Set('p div blockquote section article header footer aside h1 h2 h3 h4 h5 h6 ul ol dl dt dd pre table tr hr'.split(' '));

/**
 * An HTML description as markdown-ish plain text: `<p>`, blocks and `<br><br>` become blank lines, one
 * `<br>` a line break, list items "- " lines; other tags vanish, entities are decoded, spaces collapse.
 */
export function htmlToText(html: string): string {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  // Source whitespace is layout, not content; only tags make line breaks.
  const text = (raw: string) => decodeEntities(raw.replace(/\s+/g, ' '));
  let out = '';
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    out += text(source.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]!.toLowerCase();
    if (name === 'br') out += '\n';
    else if (name === 'li' && !match[1]) out += '\n- ';
    else if (BLOCKS.has(name)) out += '\n\n';
  }
  out += text(source.slice(last));
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
