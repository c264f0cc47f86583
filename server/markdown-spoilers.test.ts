import { describe, expect, it } from 'vitest';
import { createMarkdown } from './markdown';

const render = (text: string) => createMarkdown().render(text);

describe("spoilers in markdown (Obskurnee's `::words::` and `:::` blocks)", () => {
  it('inline ::words:: become a span with class spoiler, markdown inside still rendered', () => {
    expect(render('He says ::Snape kills **Dumbledore**:: on the tower.')).toBe(
      '<p>He says <span class="spoiler">Snape kills <strong>Dumbledore</strong></span> on the tower.</p>',
    );
  });

  it('a spoiler may hold a link, and sit next to punctuation', () => {
    expect(render('(::see [the end](https://example.org/end)::).')).toBe(
      '<p>(<span class="spoiler">see <a href="https://example.org/end" target="_blank" rel="noopener noreferrer nofollow">the end</a></span>).</p>',
    );
  });

  it('two spoilers in one line stay two', () => {
    expect(render('::one:: and ::two::')).toBe('<p><span class="spoiler">one</span> and <span class="spoiler">two</span></p>');
  });

  it('a block between two ::: lines becomes a div with class spoiler holding its blocks', () => {
    expect(render('Before\n:::\nThe *whole* ending.\n\n- she lives\n- he does not\n:::\nAfter')).toBe(
      '<p>Before</p>\n<div class="spoiler">\n<p>The <em>whole</em> ending.</p>\n<ul>\n<li>she lives</li>\n<li>he does not</li>\n</ul>\n</div>\n<p>After</p>',
    );
  });

  it('a block closes on a line of at least as many colons, so a longer fence can hold a shorter one', () => {
    expect(render('::::\nouter\n:::\ninner\n:::\n::::')).toBe('<div class="spoiler">\n<p>outer</p>\n<div class="spoiler">\n<p>inner</p>\n</div>\n</div>');
  });

  it('blocks work inside lists and quotes', () => {
    expect(render('> :::\n> quoted secret\n> :::')).toBe('<blockquote>\n<div class="spoiler">\n<p>quoted secret</p>\n</div>\n</blockquote>');
    expect(render('- item\n  :::\n  hidden\n  :::\n- next')).toBe('<ul>\n<li>item\n<div class="spoiler">\n<p>hidden</p>\n</div>\n</li>\n<li>next</li>\n</ul>');
  });

  it('unclosed markers are plain text', () => {
    expect(render('::never closed')).toBe('<p>::never closed</p>');
    expect(render('closed never::')).toBe('<p>closed never::</p>');
    expect(render(':::\nno closing line')).toBe('<p>:::<br />\nno closing line</p>');
  });

  it('runs of one or three colons, and a fence with words after it, are text', () => {
    expect(render(':a: :::b::: ::c:::')).toBe('<p>:a: :::b::: ::c:::</p>');
    expect(render('::: warning\ntext\n:::')).toBe('<p>::: warning<br />\ntext<br />\n:::</p>');
  });

  it('colons inside a word neither open nor close: C++ in prose, Perl packages, IPv6', () => {
    expect(render('Use std::vector::size or Foo::Bar::baz.')).toBe('<p>Use std::vector::size or Foo::Bar::baz.</p>');
    expect(render('a::b and c::d')).toBe('<p>a::b and c::d</p>');
  });

  it('code spans and code blocks are untouched', () => {
    expect(render('`a::b::c` and `::x::`')).toBe('<p><code>a::b::c</code> and <code>::x::</code></p>');
    expect(render('```\n::x::\n:::\nstill code\n:::\n```')).toBe('<pre><code>::x::\n:::\nstill code\n:::\n</code></pre>');
    expect(render('    ::indented code::')).toBe('<pre><code>::indented code::\n</code></pre>');
  });

  it('URLs with :: stay whole links', () => {
    expect(render('see https://example.org/a::b::c now')).toBe(
      '<p>see <a href="https://example.org/a::b::c" target="_blank" rel="noopener noreferrer nofollow">https://example.org/a::b::c</a> now</p>',
    );
  });

  it('escaped colons are text', () => {
    expect(render('\\::not hidden\\::')).toBe('<p>::not hidden::</p>');
  });

  it('the sanitizer lets the spoiler class through and nothing else new', () => {
    expect(render('<span class="spoiler" onclick="x()">raw</span>')).not.toContain('<span');
    // markdown-it's own classes (a fence's language) are still dropped.
    expect(render('```js\nlet a;\n```')).toBe('<pre><code>let a;\n</code></pre>');
  });
});
