import type { Delimiter, MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const COLON = 0x3a;

/** The class Obskurnee gives its spoilers (`<span class="spoiler">`, `<div class="spoiler">`); its client hides them by it. */
export const SPOILER_CLASS = 'spoiler';

/**
 * Obskurnee's spoilers (DECISIONS.md "Obskurnee compatibility"), as its Markdig pipeline renders them:
 *
 * - `::hidden words::` is a `<span class="spoiler">`. The markers are delimiter runs of exactly two colons
 *   matched by CommonMark's emphasis rules (left- and right-flanking runs, as Obskurnee registers `:` with
 *   the emphasis parser), so markdown inside works and an unmatched `::` stays text. Unlike Obskurnee we
 *   take `_`'s rule rather than `*`'s: a run between two letters neither opens nor closes, so
 *   `std::vector::size` in prose is not a spoiler.
 * - a block between two lines of three or more colons and nothing else is a `<div class="spoiler">`; the
 *   closing line has at least as many colons. Without a closing line it is text, not a spoiler to the end.
 *
 * Code spans, code blocks and links are parsed before either rule and stay untouched.
 */
export function spoilers(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'spoiler', tokenizeInline);
  md.inline.ruler2.before('emphasis', 'spoiler', pairInline);
  md.block.ruler.before('fence', 'spoiler', spoilerBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

function tokenizeInline(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== COLON) return false;
  const scanned = state.scanDelims(state.pos, false);
  const run = state.src.slice(state.pos, state.pos + scanned.length);
  if (scanned.length !== 2) {
    // The whole run is text, so that `:::` is never read as `:` and then `::`.
    state.pending += run;
  } else {
    const token = state.push('text', '', 0);
    token.content = run;
    state.delimiters.push({ marker: COLON, length: 0, token: state.tokens.length - 1, end: -1, open: scanned.can_open, close: scanned.can_close });
  }
  state.pos += scanned.length;
  return true;
}

/** After balance_pairs matched openers with closers: matched pairs become the span, the rest stay text. */
function pairInline(state: StateInline): boolean {
  convertPairs(state, state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) convertPairs(state, meta.delimiters);
  return false;
}

function convertPairs(state: StateInline, delimiters: Delimiter[]): void {
  for (const opener of delimiters) {
    if (opener.marker !== COLON || opener.end === -1) continue;
    const open = state.tokens[opener.token]!;
    open.type = 'spoiler_open';
    open.tag = 'span';
    open.nesting = 1;
    open.markup = '::';
    open.content = '';
    open.attrs = [['class', SPOILER_CLASS]];
    const close = state.tokens[delimiters[opener.end]!.token]!;
    close.type = 'spoiler_close';
    close.tag = 'span';
    close.nesting = -1;
    close.markup = '::';
    close.content = '';
  }
}

function spoilerBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const fence = fenceAt(state, startLine, 3);
  if (fence === 0) return false;
  const closingLine = findClosingFence(state, startLine, endLine, fence);
  if (closingLine === -1) return false;
  if (silent) return true;

  const markup = ':'.repeat(fence);
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  // Like a blockquote, the spoiler's content ends where it does, whatever the content's own blocks think.
  state.parentType = 'spoiler';
  state.lineMax = closingLine;

  const open = state.push('spoiler_block_open', 'div', 1);
  open.markup = markup;
  open.block = true;
  open.attrs = [['class', SPOILER_CLASS]];
  open.map = [startLine, closingLine + 1];
  state.md.block.tokenize(state, startLine + 1, closingLine);
  const close = state.push('spoiler_block_close', 'div', -1);
  close.markup = markup;
  close.block = true;

  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = closingLine + 1;
  return true;
}

/** The number of colons if the line is only colons (at least `min`, indented less than code), else 0. */
function fenceAt(state: StateBlock, line: number, min: number): number {
  const { start, max, indent } = lineAt(state, line);
  if (indent - state.blkIndent >= 4) return 0;
  if (state.src.charCodeAt(start) !== COLON) return 0;
  const end = state.skipChars(start, COLON);
  if (end - start < min || state.skipSpaces(end) < max) return 0;
  return end - start;
}

function findClosingFence(state: StateBlock, startLine: number, endLine: number, fence: number): number {
  for (let line = startLine + 1; line < endLine; line++) {
    const { start, max, indent } = lineAt(state, line);
    // A line outdented below the block that holds the spoiler (a list item's) ends that block.
    if (start < max && indent < state.blkIndent) return -1;
    if (fenceAt(state, line, fence) > 0) return line;
  }
  return -1;
}

/** Where a line's text starts (after its indentation) and ends, and its indentation in columns. */
function lineAt(state: StateBlock, line: number): { start: number; max: number; indent: number } {
  return { start: state.bMarks[line]! + state.tShift[line]!, max: state.eMarks[line]!, indent: state.sCount[line]! };
}
