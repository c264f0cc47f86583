import { describe, expect, it } from 'vitest';
import { excerptAround, excerptOf } from './excerpt';

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

describe('a search result’s excerpt', () => {
  const html = `<p>${'Filler words before the point. '.repeat(12)}Then the Ocean appears, alive and strange.</p>`;

  it('starts near the first word found, ignoring case and accents', () => {
    const excerpt = excerptAround(html, ['océan'], 120);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt).toContain('Then the Ocean appears');
    expect(excerpt.length).toBeLessThanOrEqual(122);
  });

  it('is the text’s start when the word is near it or not in it', () => {
    expect(excerptAround('<p>Ocean first.</p>', ['ocean'])).toBe('Ocean first.');
    expect(excerptAround(html, ['missing'], 60)).toBe(excerptOf(html, 60));
  });

  it('finds accented words from a plain search', () => {
    const slovak = `<p>${'Úvodné slová. '.repeat(20)}Rozprávka o žltej ľalii.</p>`;
    expect(excerptAround(slovak, ['zltej'], 80)).toContain('žltej ľalii');
  });
});
