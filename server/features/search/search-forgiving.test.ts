import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import type { SearchResult } from '../../../shared/api/search';
import type { TestMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

// DECISIONS.md "Search": it forgives what a person is still typing, and marks the matched words.
let club: TestServer;
let ann: TestMember;

const DUNE_TEXT = [
  'A **desert** planet, [spice](https://example.org/dune) and a sled journey across the dunes.',
  '',
  '#### About the book',
  '',
  'Cestovanie po púšti. The ending: ::the worm wins::',
].join('\n');

beforeAll(async () => {
  let mod: string;
  ({ club, mod, ann } = await startReadingClub());
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Sand' });
  const suggest = (title: string, extra: Record<string, unknown>) =>
    ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion(title, extra));
  await suggest('Dune', { author: 'Frank Herbert', text: DUNE_TEXT });
  // The phrase's words, but not side by side.
  await suggest('Sleds', { author: 'Nobody', text: 'A journey by sled.' });
  await ok(club, 'POST', '/api/recommendations/', ann.token, bookSuggestion('Oasis', { author: 'Omar', text: 'Palms and *tides* of sand.' }));
  await suggest('Herbarium', { author: 'Hana Herbová', text: 'Pressed flowers.' });
  await suggest('<script>alert(1)</script> Mirage', {
    author: '<b onmouseover=alert(2)>Bad</b>',
    text: 'A <img src=x onerror=alert(3)> mirage in the desert. <script>alert(4)</script>',
  });
});
afterAll(async () => {
  await club.close();
});

const call = (query: string) => club.call<SearchResult[]>('GET', `/api/search?query=${encodeURIComponent(query)}`, { token: ann.token });
const search = async (query: string) => {
  const res = await call(query);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
/** A result's title as written: Obskurnee's client gets it highlighted (`<mark class="searchresult">`). */
const plain = (html: string) => decodeHTML(html.replace(/<\/?mark[^>]*>/g, ''));
const titles = async (query: string) => (await search(query)).map((r) => plain(r.title));
const byTitle = async (query: string, title: string) => (await search(query)).find((r) => plain(r.title) === title)!;

describe('search forgives what is still being typed', () => {
  it('closes an unclosed quote and finds the phrase, the last word as typed so far', async () => {
    expect(await titles('"sled journey')).toEqual(['Dune']);
    expect(await titles('"sled jour')).toEqual(['Dune']);
    // Closed, it is exact: the words apart do not match.
    expect(await titles('"sled journey"')).toEqual(['Dune']);
    expect((await titles('sled journey')).sort()).toEqual(['Dune', 'Sleds']);
  });

  it('matches the last word as a prefix', async () => {
    expect((await titles('dese')).sort()).toEqual(['<script>alert(1)</script> Mirage', 'Dune']);
    expect(await titles('Dune Herb')).toEqual(['Dune']);
    expect(await titles('Herb')).toContain('Herbarium');
    // An earlier word is whole: "herb" is no word of Dune's.
    expect(await titles('herb dune')).toEqual([]);
  });

  it('drops stray operators instead of refusing them', async () => {
    for (const query of [
      'dune AND',
      'AND dune',
      'dune -',
      '- dune',
      'dune (',
      '( dune',
      'dune )',
      'dune "',
      '" dune',
      'dune *',
      '* dune',
      'NEAR( dune',
      'NEAR(dune',
      'dune OR',
      'NOT dune',
      'dune ^',
    ]) {
      expect(await titles(query), query).toEqual(['Dune']);
    }
    for (const query of ['AND', 'NEAR(', 'OR NOT']) expect((await call(query)).status, query).toBe(200);
  });

  it('still lets diacritics never defeat a match', async () => {
    expect(await titles('cestovánie')).toEqual(['Dune']);
    expect(await titles('čestovanie')).toEqual(['Dune']);
    expect(await titles('pusti')).toEqual(['Dune']);
    expect(await titles('PÚŠŤ')).toEqual(['Dune']);
    expect(await titles('herbova')).toEqual(['Herbarium']);
  });

  it('still refuses under 3 characters and over 500, and a search of no words, with a readable reason', async () => {
    for (const [query, detail] of [
      ['"a', 'Type at least 3 characters to search.'],
      [' * ', 'Type at least 3 characters to search.'],
      ['d'.repeat(501), 'The search is too long: at most 500 characters.'],
      ['*** ---', 'The search has no words to look for.'],
    ] as const) {
      const res = await call(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ status: 400, detail });
    }
    expect((await call('d'.repeat(500))).status).toBe(200);
  });
});

describe('search highlights', () => {
  it('wraps the matched words of title, author and text in <mark>', async () => {
    const dune = await byTitle('Dune Herb', 'Dune');
    expect(dune.highlight).toEqual({ title: '<mark>Dune</mark>', author: 'Frank <mark>Herbert</mark>', text: expect.any(String) });
    expect((await byTitle('dese', 'Dune')).highlight.text).toContain('A <mark>desert</mark> planet');
    expect((await byTitle('"sled journey', 'Dune')).highlight.text).toContain('a <mark>sled journey</mark> across');
    // Accents as written, though searched without them.
    expect((await byTitle('pusti', 'Dune')).highlight.text).toContain('po <mark>púšti</mark>');
    const rec = (await search('tides')).find((r) => r.kind === 'Rec')!;
    expect(rec.highlight).toEqual({ title: 'Oasis', author: 'Omar', text: 'Palms and <mark>tides</mark> of sand.' });
  });

  it("carries the same highlights where Obskurnee's client reads them: title, author and renderedText", async () => {
    const dune = await byTitle('Dune Herb', 'Dune');
    expect(dune).toMatchObject({ title: '<mark class="searchresult">Dune</mark>', author: 'Frank <mark class="searchresult">Herbert</mark>' });
    const desert = await byTitle('desert', 'Dune');
    expect(desert.renderedText).toBe(desert.highlight.text!.replaceAll('<mark>', '<mark class="searchresult">'));
    const rec = (await search('tides')).find((r) => r.kind === 'Rec')!;
    expect(rec).toMatchObject({ title: 'Oasis', author: 'Omar', renderedText: 'Palms and <mark class="searchresult">tides</mark> of sand.' });
    // The highlight our renderer reads is unchanged.
    expect(dune.highlight.title).toBe('<mark>Dune</mark>');
  });

  it('gives a readable excerpt: plain text, no markdown syntax, no link addresses, no spoilers', async () => {
    const { text } = (await byTitle('desert', 'Dune')).highlight;
    expect(text).toBe('A <mark>desert</mark> planet, spice and a sled journey across the dunes. About the book: Cestovanie po púšti. The ending: …');
    // A word in a spoiler or a link's address finds the post, but is never shown.
    for (const query of ['worm wins', 'example']) {
      const found = await byTitle(query, 'Dune');
      expect(found.highlight.text, query).not.toMatch(/worm|example|<mark>/);
    }
  });

  it('never lets HTML from a post through: everything but the marks is escaped text', async () => {
    const mirage = await byTitle('mirage', '<script>alert(1)</script> Mirage');
    expect(mirage.highlight).toEqual({
      title: '&lt;script&gt;alert(1)&lt;/script&gt; <mark>Mirage</mark>',
      author: '&lt;b onmouseover=alert(2)&gt;Bad&lt;/b&gt;',
      text: 'A &lt;img src=x onerror=alert(3)&gt; <mark>mirage</mark> in the desert. &lt;script&gt;alert(4)&lt;/script&gt;',
    });
    for (const query of ['mirage', 'script alert', 'img onerror', 'desert', 'dune', 'tides', 'oasis', 'citat']) {
      for (const result of await search(query)) {
        for (const html of Object.values(result.highlight)) {
          expect(html ?? '', query).not.toMatch(/<(?!\/?mark>)/);
        }
        for (const html of [result.title, result.author, result.renderedText]) {
          expect(html ?? '', query).not.toMatch(/<(?!mark class="searchresult">|\/mark>)/);
        }
      }
    }
  });
});
