import { describe, expect, it } from 'vitest';
import { excerpt, highlights, markedHtml, plainText } from './search-highlight';

/** Text as FTS5's highlight() gives it, written with [[ ]] for the markers. */
const marked = (text: string) => text.replace(/\[\[/g, '\uE000').replace(/\]\]/g, '\uE001');
const shown = (text: string) => text.replace(/\uE000/g, '[[').replace(/\uE001/g, ']]');

describe('highlighted HTML', () => {
  it('escapes everything and turns only the markers into <mark>', () => {
    expect(markedHtml(marked('a [[sled]] <script>alert("x")</script> & <img src=x onerror=alert(1)>'))).toBe(
      'a <mark>sled</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('keeps the marks balanced whatever markers a member typed', () => {
    expect(markedHtml(marked(']] a [[[[b]] c]] [[d'))).toBe(' a <mark>b</mark> c <mark>d</mark>');
  });
});

describe('plain text of markdown', () => {
  it('drops the syntax and keeps the words', () => {
    const text = marked(
      'Why we should read *[[Dune]]*.\n\n#### About the book\n\n- A **desert** planet\n- [Spice](https://example.org/[[dune]]) `code`\n\n> quoted\n\n---\n\nsnake_case stays, \\*escaped\\* &amp; done',
    );
    expect(shown(plainText(text))).toBe('Why we should read [[Dune]]. About the book: A desert planet Spice code quoted snake_case stays, *escaped* & done');
  });

  it('never shows a spoiler, nor marks a word inside one', () => {
    expect(shown(plainText(marked('The ending: ::[[Paul]] wins:: and more.')))).toBe('The ending: … and more.');
    expect(shown(plainText(marked('Before\n:::\nThe [[sled]] breaks.\n:::\nAfter')))).toBe('Before … After');
    expect(shown(plainText(marked('> :::\n> quoted [[sled]]\n> :::\nAfter')))).toBe('… After');
    expect(shown(plainText(marked('::::\nouter\n:::\n[[inner]]\n:::\n::::\nAfter')))).toBe('… After');
    expect(shown(plainText(marked('A [[sled ::journey]] ends:: here')))).toBe('A [[sled ]]… here');
  });

  it('shows nothing from a marker it cannot pair as markdown does: over two lines, nested, a longer fence left open', () => {
    expect(shown(plainText(marked('::Bruce\nWillis is [[dead]]::')))).toBe('…');
    expect(shown(plainText(marked('Start ::::\n:::\nBruce [[dead]]\n:::')))).toBe('Start …');
    expect(shown(plainText(marked('::a ::b:: [[c]]::')))).toBe('…');
    // The same caution leaves out the rest of what only looks like a spoiler; never a secret.
    expect(shown(plainText(marked('Before\n:::\nNever closed [[sled]]')))).toBe('Before …');
    expect(plainText('Use std::vector::size or a::b.')).toBe('Use std …');
    expect(plainText('\\::not hidden\\::')).toBe('::not hidden::');
  });

  it('takes time linear in the text, however it is written', () => {
    for (const evil of [
      '['.repeat(50_000),
      '[a]('.repeat(12_000),
      '::a '.repeat(12_000),
      '# '.repeat(25_000),
      '*_'.repeat(25_000),
      ':::\n'.repeat(12_000),
      '\\'.repeat(50_000),
    ]) {
      const start = performance.now();
      plainText(evil + marked(' [[sled]]'));
      // Linear work on 50,000 characters takes milliseconds; quadratic work, seconds. The bound leaves room
      // for a busy machine (CI runs beside other suites) and still catches the quadratic.
      expect(performance.now() - start, evil.slice(0, 8)).toBeLessThan(1000);
    }
  });
});

describe('the excerpt', () => {
  const long = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('is the whole text when it is short, and starts a little before a match deep in a long text', () => {
    expect(excerpt('short text')).toBe('short text');
    const cut = shown(excerpt(marked(`${long(100)} the [[sled]] journey ${long(100)}`)));
    expect(cut.startsWith('…word')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('[[sled]] journey');
    expect(cut.replace(/[[\]]/g, '').length).toBeLessThanOrEqual(242);
  });

  it('starts at the sentence the match is in, when it begins close enough', () => {
    expect(shown(excerpt(marked(`${long(100)}. Then the [[sled]] journey ${long(20)}`)))).toMatch(/^…Then the \[\[sled\]\] journey word0/);
  });

  it('is the start of the text when nothing in it matched', () => {
    expect(excerpt(long(100)).startsWith('word0 word1')).toBe(true);
  });
});

describe('a result’s highlights', () => {
  it('marks title and author, and gives null for what is not there', () => {
    expect(highlights(marked('[[Dune]]'), marked('Frank [[Herbert]]'), null)).toEqual({
      title: '<mark>Dune</mark>',
      author: 'Frank <mark>Herbert</mark>',
      text: null,
    });
    expect(highlights('Dune', '', marked('A [[desert]] planet.')).text).toBe('A <mark>desert</mark> planet.');
  });
});
