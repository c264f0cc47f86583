/**
 * HTML fragments from a scraped page turned into plain text: entities decoded, tags dropped, paragraphs kept.
 * The text becomes a suggestion's markdown, which the server renders and sanitizes anyway, so this only has
 * to read well, not to be a security boundary; a dozen lines here spare the app an HTML-parser dependency.
 */

// HTML 4's Latin-1 entities, code points 160 to 255 in order.
const LATIN1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
  'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig ' +
  'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ' +
  'ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc ' +
  'uuml yacute thorn yuml'
).split(' ');

// Typography that book blurbs use, and the Slovak and Czech letters a club here will meet.
const OTHERS: Record<string, number> = {
  amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27,
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d,
  bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
  Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, euro: 0x20ac, trade: 0x2122, larr: 0x2190, rarr: 0x2192,
  ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f,
  OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc,
  Ccaron: 0x10c, ccaron: 0x10d, Dcaron: 0x10e, dcaron: 0x10f, Ecaron: 0x11a, ecaron: 0x11b, Lacute: 0x139,
  lacute: 0x13a, Lcaron: 0x13d, lcaron: 0x13e, Ncaron: 0x147, ncaron: 0x148, Racute: 0x154, racute: 0x155,
  Rcaron: 0x158, rcaron: 0x159, Tcaron: 0x164, tcaron: 0x165, Uring: 0x16e, uring: 0x16f, Zcaron: 0x17d,
  zcaron: 0x17e,
};

const NAMED = new Map<string, number>([...LATIN1.map((name, i) => [name, 160 + i] as const), ...Object.entries(OTHERS)]);

function fromCodePoint(code: number): string {
  // What a browser shows for a reference to nothing, a surrogate or NUL.
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/** Decodes character references (`&amp;`, `&#39;`, `&#x27;`); an unknown name is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g, (whole, dec, hex, name) => {
    if (dec) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    const code = NAMED.get(name);
    return code === undefined ? whole : String.fromCodePoint(code);
  });
}

/** Decoded, with runs of whitespace made one space and the ends trimmed: for titles and names. */
export function cleanText(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

// A tag, with quoted attribute values that may hold '>'.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const BLOCKS = new Set(
  'p div blockquote section article header footer aside h1 h2 h3 h4 h5 h6 ul ol dl dt dd pre table tr hr'.split(' '),
);

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
