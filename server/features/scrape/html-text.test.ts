import { describe, expect, it } from 'vitest';
import { cleanText, decodeEntities, htmlToText } from './html-text';

describe('decoding entities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Tom &amp; Jerry&#39;s &#x27;day&#X27; &ndash; &eacute;t&eacute; &scaron;&ccaron;&nbsp;x')).toBe(
      "Tom & Jerry's 'day' – été šč\u00a0x",
    );
  });

  it('decodes once, so an escaped entity stays readable as written', () => {
    expect(decodeEntities('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('knows every name HTML does, and reads numbers as browsers do', () => {
    expect(decodeEntities('&hearts; &alpha; &Zcaron;&lcaron; &#128;')).toBe('♥ α Žľ €');
  });

  it('leaves what is not a reference alone', () => {
    expect(decodeEntities('AT&T, R&D; &unknownname; & ;')).toBe('AT&T, R&D; &unknownname; & ;');
    // Without its ";" nothing is a reference, so a link's query string survives.
    expect(decodeEntities('?a=1&copy=2&amp b&#39 c')).toBe('?a=1&copy=2&amp b&#39 c');
  });

  it('shows a reference to nothing as a replacement character', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('cleans titles: decoded, spaces collapsed, trimmed', () => {
    expect(cleanText('  The\n  Baker&#x27;s   Daughter&nbsp; ')).toBe("The Baker's Daughter");
  });
});

describe('HTML to text', () => {
  it('keeps paragraphs and line breaks and drops the rest', () => {
    expect(htmlToText('<p>One <b>bold</b> line</p><p>Two<br>lines</p>')).toBe('One bold line\n\nTwo\nlines');
  });

  it('drops comments, scripts and styles with their content', () => {
    expect(htmlToText('a<!-- x --><script>alert("<p>")</script><style>p{}</style>b')).toBe('ab');
  });

  it('reads tags whose attributes hold ">"', () => {
    expect(htmlToText('<a title="1 > 0" href=\'x>y\'>link</a> text')).toBe('link text');
  });

  it('keeps a "<" that starts no tag, and decodes after removing tags', () => {
    expect(htmlToText('5 < 6 &lt;i&gt;not a tag&lt;/i&gt;')).toBe('5 < 6 <i>not a tag</i>');
  });

  it('is empty for markup without text', () => {
    expect(htmlToText('<br /><br /><p> &nbsp; </p>')).toBe('');
  });
});
