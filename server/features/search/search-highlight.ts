import type { SearchHighlight } from '../../../shared/api/search';
/**
 * The search's highlights (DECISIONS.md "Search results are flat"): FTS5's highlight() wraps every matched
 * word of a column in two private-use characters, MARK_OPEN and MARK_CLOSE; here that text becomes safe
 * HTML. Everything is escaped first, then the markers (and nothing else) become <mark> and </mark>, so
 * whatever a member wrote (`<script>`, `<img onerror>`) arrives as text, and the tags are always balanced
 * (a member may type the private-use characters too: they only ever open a mark that is not open, or close
 * one that is).
 */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';

/** A highlighted excerpt is about this many characters long: three lines of a result card. */
export const EXCERPT_LENGTH = 240;

const MARKERS = /[\uE000\uE001]/g;
const NOT_MARKERS = /[^\uE000\uE001]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text carrying highlight markers, as HTML: escaped, with the marked words in <mark>. */
export function markedHtml(text: string): string {
  let open = false;
  return (
    text.replace(/[&<>"'\uE000\uE001]/g, (char) => {
      if (char === MARK_OPEN) {
        if (open) return '';
        open = true;
        return '<mark>';
      }
      if (char === MARK_CLOSE) {
        if (!open) return '';
        open = false;
        return '</mark>';
      }
      return ESCAPES[char]!;
    }) + (open ? '</mark>' : '')
  );
}

/** Text carrying highlight markers, without them. */
export function unmarked(text: string): string {
  return text.replace(MARKERS, '');
}

/** A removed piece of text leaves its markers behind, so a mark around it still opens and closes. */
const markersOf = (text: string) => text.replace(NOT_MARKERS, '').replace(/\uE000\uE001/g, '');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Markdown source with highlight markers, as one line of plain text with the markers kept.
 *
 * Why from the source and not from the rendered HTML: the index holds what the member wrote (the triggers
 * copy `text`, the markdown), so FTS5 can mark the matched words only there; rendering each result again
 * (~0.1 ms a text with markdown-it) would double the cost of a search of a hundred results. And why plain
 * text: an excerpt is a few lines cut out of the middle of a text, where headings, lists, quotes, links'
 * addresses and emphasis would be half-open syntax noise; the words are what tell a reader why it matched.
 * Not FTS5's snippet() either: its window counts the source's tokens (a link's address is words too) and
 * may start inside a link or a spoiler whose syntax began before it, so it could not be cleaned reliably.
 *
 * Spoilers (`::hidden words::`, and blocks between two `:::` lines) are never shown in an excerpt: they
 * become "…", and what matched inside them is not marked. Every pattern here is bounded by the characters
 * it may not cross, so the work stays linear in the text however it is written.
 */
export function plainText(markdown: string): string {
  return withoutSyntax(hideSpoilers(markdown.replace(/\r\n?/g, '\n')));
}

/** Markdown (spoilers already hidden) as plain text: see plainText. */
function withoutSyntax(markdown: string): string {
  let text = markdown;
  if (text.includes('\n')) {
    text = text
      // Code fences, link reference definitions, rules and setext underlines: lines of syntax only.
      .replace(/^ {0,3}(?:`{3,}|~{3,})[^\n]*$/gm, '')
      .replace(/^ {0,3}\[[^\]\n]{1,200}\]:[^\n]*$/gm, markersOf)
      .replace(/^ {0,3}(?:[-*_=] *){3,}$/gm, '');
  }
  if (text.includes('[')) {
    // Links and images: their text, not their address.
    text = text
      .replace(/!?\[([^[\]\n]*)\]\(([^()\n]*)\)/g, (_, label: string, address: string) => label + markersOf(address))
      .replace(/!?\[([^[\]\n]*)\]\[[^[\]\n]*\]/g, '$1');
  }
  if (text.includes('<')) text = text.replace(/<((?:https?|mailto):[^<>\s]*)>/gi, '$1');
  text = text
    // A heading runs into the text after it: "About the book: A planet…".
    .replace(/^ {0,3}#{1,6}[ \t]+([^\n]*)$/gm, (_, heading: string) => (/[.!?:…]$/.test(unmarked(heading).trimEnd()) ? heading : `${heading.trimEnd()}:`))
    // Quotes and list items.
    .replace(/^[ \t]*(?:> ?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/gm, '')
    // Emphasis and code: the marks go, an asterisk or underscore inside a word or standing alone stays.
    .replace(/\*\*|__|~~|`+/g, '')
    .replace(/[*_]/g, (mark, at: number, all: string) => (emphasis(all, at) ? '' : mark));
  if (text.includes('|')) text = text.replace(/\|/g, ' ');
  if (text.includes('\\')) text = text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  if (text.includes('&')) text = text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, code: string) => entity(code) ?? whole);
  return text.replace(/\s\s+|[^\S ]/g, ' ').trim();
}

const LETTER = /[\p{L}\p{N}]/u;
const isLetter = (char: string | undefined) => !!char && LETTER.test(char);
const isSpace = (char: string | undefined) => !char || /\s/.test(char);

/** An `*` or `_` that opens (before a word, not after one) or closes (after a word, not before one) emphasis. */
function emphasis(text: string, at: number): boolean {
  const before = text[at - 1];
  const after = text[at + 1];
  if (before === '\\') return false;
  const opens = !isSpace(after) && after !== '*' && after !== '_' && !isLetter(before);
  const closes = !isSpace(before) && before !== '*' && before !== '_' && !isLetter(after);
  return opens || closes;
}

/** What a spoiler leaves in an excerpt. A mark wholly inside it goes with it; one a phrase opened outside still closes. */
const spoiler = (hidden: string) => ` ${markersOf(hidden)}… `;

/** A line that opens or closes a spoiler block: three or more colons alone (in a quote or list item too). */
const FENCE = /^[ \t>]*(:{3,})[ \t]*$/;
/** A run of colons within a line; only a run of exactly two opens or closes an inline spoiler. */
const COLONS = /:+/g;
const WORDISH = /[\p{L}\p{N}\\]/u;

/**
 * Spoilers as the club's markdown reads them (server/markdown-spoilers.ts): a block from a line of 3 or
 * more colons to a line of at least as many, and `::words::` within a line, the colons not touching a
 * word outside (`std::vector::size` is text). One pass over the lines and their colon runs.
 */
function hideSpoilers(text: string): string {
  if (!text.includes('::')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let block: { colons: number; hidden: string[] } | null = null;
  for (const line of lines) {
    const fence = FENCE.exec(line);
    if (block) {
      block.hidden.push(line);
      if (fence && fence[1]!.length >= block.colons) {
        out.push(spoiler(block.hidden.join('\n')));
        block = null;
      }
    } else if (fence) {
      block = { colons: fence[1]!.length, hidden: [line] };
    } else {
      out.push(hideInline(line));
    }
  }
  // A block never closed is text, as the renderer shows it.
  if (block) out.push(...block.hidden.map(hideInline));
  const shown = out.join('\n');
  if (!MARKER.test(shown)) return shown;
  // A marker left over means markdown may pair them otherwise than this pass (a spoiler over two lines, one
  // inside another, a longer fence left open before a block): nothing from the text's first marker on is
  // shown. A text that only looks like one (`std::vector`) loses the rest of its excerpt, never a secret.
  const first = text.search(MARKER);
  return text.slice(0, first) + spoiler(text.slice(first));
}

/** Two colons not escaped: what may open or close a spoiler. */
const MARKER = /(?<!\\)::/;

function hideInline(line: string): string {
  if (!line.includes('::')) return line;
  let result = '';
  let shownFrom = 0;
  let open = -1;
  COLONS.lastIndex = 0;
  for (let run = COLONS.exec(line); run; run = COLONS.exec(line)) {
    if (run[0].length !== 2) continue;
    const before = line[run.index - 1];
    const after = line[run.index + 2];
    if (open >= 0 && before && !/\s/.test(before) && !(after && WORDISH.test(after))) {
      result += line.slice(shownFrom, open) + spoiler(line.slice(open, run.index + 2));
      shownFrom = run.index + 2;
      open = -1;
    } else if (open < 0 && after && !/\s/.test(after) && !(before && WORDISH.test(before))) {
      open = run.index;
    }
  }
  return result + line.slice(shownFrom);
}

function entity(code: string): string | undefined {
  if (code[0] !== '#') return ENTITIES[code.toLowerCase()];
  const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
  return n > 0 && n <= 0x10ffff && n !== MARK_OPEN.codePointAt(0) && n !== MARK_CLOSE.codePointAt(0) ? String.fromCodePoint(n) : undefined;
}

/**
 * About EXCERPT_LENGTH characters of plain text around its first marked word (from the start of its
 * sentence, or a little before it at a word), with "…" where it was cut; the start of the text when nothing in it is marked (the match was
 * in the title or author, or in a spoiler or a link's address).
 */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const first = text.indexOf(MARK_OPEN);
  let from = 0;
  if (first > length / 3) {
    // From the start of the sentence the match is in, if it starts close enough; else from a word a little before.
    const lead = text.slice(first - Math.round(length / 2), first);
    const sentence = /.*[.!?:…]["'”’)]* /s.exec(lead);
    const space = text.lastIndexOf(' ', first - Math.round(length / 4));
    from = sentence ? first - lead.length + sentence[0].length : space > 0 ? space + 1 : 0;
  }
  let to = text.length;
  if (countVisible(text, from, to) > length) {
    to = from;
    // Count visible characters only: markers take no room on the card.
    for (let seen = 0; to < text.length && seen < length; to++) if (text[to] !== MARK_OPEN && text[to] !== MARK_CLOSE) seen++;
    const space = text.lastIndexOf(' ', to);
    if (space > from + length * 0.6) to = space;
    // Never between the two halves of a surrogate pair.
    else if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to--;
  }
  let cut = text.slice(from, to);
  if (to < text.length) cut = `${cut.replace(/[\s,.;:–—-]+$/, '')}…`;
  if (from > 0) cut = `…${cut}`;
  return cut;
}

function countVisible(text: string, from: number, to: number): number {
  let count = to - from;
  for (let at = text.indexOf(MARK_OPEN, from); at >= 0 && at < to; at = text.indexOf(MARK_OPEN, at + 1)) count -= 2;
  return count;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** How much of the source around the first match is made plain: enough for the excerpt, whatever syntax it holds. */
const SOURCE_BEFORE = 2 * EXCERPT_LENGTH;
const SOURCE_AFTER = 5 * EXCERPT_LENGTH;

/**
 * The excerpt of markdown with highlight markers, as plain text with the markers kept. Spoilers are found
 * in the whole text (a block may have opened long before), then only the source around the first match is
 * made plain, so a long text costs little more than a short one.
 */
export function plainExcerpt(markdown: string): string {
  const visible = hideSpoilers(markdown.includes('\r') ? markdown.replace(/\r\n?/g, '\n') : markdown);
  const first = visible.indexOf(MARK_OPEN);
  const anchor = first < 0 ? 0 : first;
  let from = Math.max(0, anchor - SOURCE_BEFORE);
  if (from > 0) {
    // From the start of a line if there is one near, so its syntax is read as such; else from a word.
    const line = visible.lastIndexOf('\n', from);
    from = line >= 0 && from - line < EXCERPT_LENGTH ? line + 1 : visible.lastIndexOf(' ', from) + 1;
  }
  let to = Math.min(visible.length, anchor + SOURCE_AFTER);
  if (to < visible.length) to = Math.max(visible.lastIndexOf(' ', to), anchor + 1);
  const text = withoutSyntax(visible.slice(from, to));
  return excerpt((from > 0 ? '…' : '') + text + (to < visible.length ? '…' : ''));
}

/** The three highlights of a result, as the index's highlight() gave them (null: the field is empty). */
export function highlights(title: string, author: string | null, text: string | null): SearchHighlight {
  return {
    title: markedHtml(title),
    author: author ? markedHtml(author) : null,
    text: text ? markedHtml(plainExcerpt(text)) : null,
  };
}

/**
 * A result's highlights where Obskurnee's client reads them (DECISIONS.md "Obskurnee compatibility"): in its
 * `title`, `author` and `renderedText`, with the matches in `<mark class="searchresult">`. The same escaped
 * text as `highlight`, which stays as it is for our renderer and bots.
 */
export function obskurneeHighlights(highlight: SearchHighlight): { title: string; author: string | null; renderedText: string | null } {
  const classed = (html: string) => html.replaceAll('<mark>', '<mark class="searchresult">');
  return {
    title: classed(highlight.title),
    author: highlight.author === null ? null : classed(highlight.author),
    renderedText: highlight.text === null ? null : classed(highlight.text),
  };
}
