import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Round } from '../../../shared/api/rounds';
import type { SearchResult } from '../../../shared/api/search';
import type { TestMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;

beforeAll(async () => {
  let ben: TestMember;
  ({ club, mod, ann, ben } = await startReadingClub());
  // What the club has besides the Summer round's two suggestions: Ann's recommendation of Piranesi, Ben's of
  // Stoner, and Ben's suggestion of Piranesi seeded from it in another round.
  const rec = await ok<Recommendation>(
    club,
    'POST',
    '/api/recommendations/',
    ann.token,
    bookSuggestion('Piranesi', { author: 'Susanna Clarke', text: 'A house of endless halls and tides.' }),
  );
  await ok(club, 'POST', '/api/recommendations/', ben.token, bookSuggestion('Stoner', { author: 'John Williams' }));
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'From recs' });
  await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ben.token, {
    ...bookSuggestion('Piranesi'),
    parentRecommendationId: rec.recommendationId,
  });
});
afterAll(async () => {
  await club.close();
});

/** A result's title or author as written: Obskurnee's client gets them highlighted (`<mark class="searchresult">`). */
const plain = (html: string) => decodeHTML(html.replace(/<\/?mark[^>]*>/g, ''));

describe('search', () => {
  const search = async (query: string, extra = '') => ok<SearchResult[]>(club, 'GET', `/api/search?query=${encodeURIComponent(query)}${extra}`, ann.token);

  it('finds posts and recommendations by title, author and text, best match first', async () => {
    const results = await search('darkness');
    expect(results[0]).toMatchObject({ kind: 'Post', title: 'The Left Hand of <mark class="searchresult">Darkness</mark>' });
    expect((await search('guin'))[0]!.title).toBe('The Left Hand of Darkness');
    expect((await search('tides')).map((r) => [r.kind, r.title])).toEqual([['Rec', 'Piranesi']]);
    const piranesi = await search('piranesi');
    expect(piranesi.map((r) => r.kind).sort()).toEqual(['Post', 'Rec']);
    const ranks = piranesi.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // A title match outranks a mention in the text.
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Ranking' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Another book', { text: 'Better than orlando, honestly.' }));
    await ok(
      club,
      'POST',
      `/api/discussions/${round.bookDiscussionId}`,
      ann.token,
      bookSuggestion('Orlando', { author: 'Virginia Woolf', text: 'A life across centuries.' }),
    );
    expect((await search('orlando')).map((r) => plain(r.title))).toEqual(['Orlando', 'Another book']);
  });

  it('refuses a search over 500 characters at once, and the club keeps answering (bots may search)', async () => {
    const huge = Array.from({ length: 1500 }, (_, i) => `w${i}`).join('-');
    const answers = await Promise.all([0, 1, 2].map(() => club.call('GET', `/api/search?query=${encodeURIComponent(huge)}`, { token: ann.token })));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('The search is too long: at most 500 characters.');
    }
    expect((await club.call('GET', '/api/home', { token: ann.token })).status).toBe(200);
  });

  it('ANDs words, matches prefixes with * (and the last word as typed so far), and quoted phrases exactly', async () => {
    expect((await search('science fiction')).map((r) => plain(r.title))).toEqual(['The Left Hand of Darkness']);
    expect(await search('science poetry')).toEqual([]);
    expect(await search('kniha')).toHaveLength(1);
    // Only the last word is forgiven as a prefix: an earlier one is a whole word unless it ends in *.
    expect(await search('knih lete')).toEqual([]);
    expect((await search('knih* lete')).map((r) => plain(r.title))).toEqual(['Čítať v lete']);
    expect((await search('knih')).map((r) => plain(r.title))).toEqual(['Čítať v lete']);
    expect((await search('knih*')).map((r) => plain(r.title))).toEqual(['Čítať v lete']);
    expect((await search('"classic of science"')).map((r) => plain(r.title))).toEqual(['The Left Hand of Darkness']);
    expect(await search('"science classic"')).toEqual([]);
  });

  it('lets diacritics never defeat a match', async () => {
    expect((await search('citat')).map((r) => plain(r.title))).toEqual(['Čítať v lete']);
    expect((await search('ČÍTAŤ')).map((r) => plain(r.title))).toEqual(['Čítať v lete']);
    expect((await search('kratka')).map((r) => plain(r.author ?? ''))).toEqual(['Zuzana Krátka']);
  });

  it('filters by kind', async () => {
    expect((await search('piranesi', '&kind=Post')).every((r) => r.kind === 'Post')).toBe(true);
    expect((await search('piranesi', '&kind=Rec')).map((r) => r.kind)).toEqual(['Rec']);
  });

  it('follows edits: a post is found by its new words and not its old ones', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Edits' });
    const post = await ok<Post>(
      club,
      'POST',
      `/api/discussions/${round.bookDiscussionId}`,
      ann.token,
      bookSuggestion('Wolf Hall', { text: 'Tudor intrigue.' }),
    );
    expect(await search('tudor')).toHaveLength(1);
    await ok(club, 'PATCH', `/api/discussions/${round.bookDiscussionId}`, ann.token, { ...post, text: 'Cromwell rises.' });
    expect(await search('tudor')).toEqual([]);
    expect((await search('cromwell')).map((r) => (r.kind === 'Post' ? r.postId : null))).toEqual([post.postId]);
  });

  it('answers 400 with a readable reason for a short or malformed query, never a 500', async () => {
    for (const [query, detail] of [
      ['ab', 'Type at least 3 characters to search.'],
      ['   x  ', 'Type at least 3 characters to search.'],
      ['*** ???', 'The search has no words to look for.'],
    ] as const) {
      const res = await club.call('GET', `/api/search?query=${encodeURIComponent(query)}`, { token: ann.token });
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect((await club.call('GET', '/api/search', { token: ann.token })).status).toBe(400);
    for (const query of ['NEAR(a b)', 'title:x AND', 'a OR OR b', '^abc', 'abc)', '"unclosed']) {
      expect((await club.call('GET', `/api/search?query=${encodeURIComponent(query)}`, { token: ann.token })).status, query).toBe(200);
    }
  });
});
