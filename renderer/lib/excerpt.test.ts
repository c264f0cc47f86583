import { describe, expect, it } from 'vitest';
import { excerptOf } from './excerpt';

describe('a card’s excerpt of rendered markdown', () => {
  it('is the text without tags, entities decoded, blocks separated', () => {
    expect(excerptOf('<p>An ocean that <strong>thinks</strong> &amp; dreams.</p>\n<h4>About</h4><p>Lem&#39;s best.</p>')).toBe(
      "An ocean that thinks & dreams. About: Lem's best.",
    );
  });

  it('is cut at a word with an ellipsis', () => {
    const text = `<p>${'word '.repeat(60)}</p>`;
    const excerpt = excerptOf(text, 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt).toMatch(/word…$/);
  });

  it('is empty for nothing', () => {
    expect(excerptOf(null)).toBe('');
    expect(excerptOf('')).toBe('');
  });
});
