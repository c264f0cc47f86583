import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Post } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Review } from '../../../shared/api/reviews';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import type { SearchResult } from '../../../shared/api/search';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;
let ben: TestMember;
let bot: TestMember;
let book: Book;

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
  ben = await addMember(club, { name: 'Ben' });
  bot = await addMember(club, { name: 'Bot', bot: true });
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Summer' });
  const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Čítať v lete', { author: 'Zuzana Krátka', text: 'Kniha o tom, ako **čítať** knihy v lete.' }));
  await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ben.token, bookSuggestion('The Left Hand of Darkness', { author: 'Ursula K. Le Guin', text: 'A classic of science fiction.' }));
  const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [post.postId] });
  book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).book!;
});
afterAll(async () => {
  await club.close();
});

describe('reviews', () => {
  it('a member reviews a book; a second review replaces the first', async () => {
    const first = await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ann.token, { rating: 4, reviewText: 'Lovely *summer* read.', reviewUrl: 'https://www.goodreads.com/review/show/1' });
    expect(first).toMatchObject({ bookId: book.bookId, ownerId: ann.userId, ownerName: 'Ann', rating: 4, renderedReviewText: '<p>Lovely <em>summer</em> read.</p>', book: { bookId: book.bookId } });
    const second = await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ann.token, { rating: 5, reviewText: 'Even better the second time.' });
    expect(second.reviewId).toBe(first.reviewId);
    expect(second).toMatchObject({ rating: 5, reviewUrl: null });
    const reviews = await ok<Review[]>(club, 'GET', `/api/reviews/book/${book.bookId}`, ben.token);
    expect(reviews.map((r) => [r.ownerName, r.rating])).toEqual([['Ann', 5]]);
    expect((await ok<Review[]>(club, 'GET', `/api/reviews/user/${ann.userId}`, ben.token)).map((r) => r.reviewText)).toEqual(['Even better the second time.']);
  });

  it('takes 0 to 5 stars or none, and refuses anything else with the spec\'s words, translated', async () => {
    expect((await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ben.token, { rating: 0, reviewText: 'Not for me.' })).rating).toBe(0);
    expect((await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ben.token, { rating: null, reviewText: 'No stars.' })).rating).toBeNull();
    for (const rating of [6, -1, 2.5, 'five']) {
      const res = await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: ben.token, body: { rating, reviewText: 'x' } });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.detail).toBe('Sorry, you can only give 0 to 5 stars.');
    }
    const sk = await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: ben.token, body: { rating: 9, reviewText: 'x' }, headers: { 'Accept-Language': 'sk' } });
    expect(sk.body.detail).toBe('Prepáčte, môžete dať len 0 až 5 hviezdičiek.');
  });

  it('needs a text; a missing book is 404; bots read but never write', async () => {
    const empty = await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: ben.token, body: { rating: 3, reviewText: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reviewText).toEqual(['Please write your review.']);
    expect((await club.call('POST', '/api/reviews/book/999', { token: ben.token, body: { rating: 3, reviewText: 'x' } })).status).toBe(404);
    expect((await club.call('GET', '/api/reviews/book/999', { token: ben.token })).status).toBe(404);
    expect((await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: bot.token, body: { rating: 3, reviewText: 'x' } })).status).toBe(403);
    expect((await club.call('GET', `/api/reviews/book/${book.bookId}`, { token: bot.token })).status).toBe(200);
    expect((await club.call('GET', `/api/reviews/book/${book.bookId}`)).status).toBe(401);
  });
});

describe('recommendations', () => {
  let rec: Recommendation;

  it('a member adds one; the list is newest first', async () => {
    rec = await ok<Recommendation>(club, 'POST', '/api/recommendations/', ann.token, bookSuggestion('Piranesi', { author: 'Susanna Clarke', text: 'A house of endless halls and tides.' }));
    expect(rec).toMatchObject({ ownerId: ann.userId, ownerName: 'Ann', title: 'Piranesi', renderedText: '<p>A house of endless halls and tides.</p>' });
    await ok(club, 'POST', '/api/recommendations/', ben.token, bookSuggestion('Stoner', { author: 'John Williams' }));
    const list = await ok<Recommendation[]>(club, 'GET', '/api/recommendations/', ann.token);
    expect(list.map((r) => r.title).slice(0, 2)).toEqual(['Stoner', 'Piranesi']);
    expect((await ok<Recommendation>(club, 'GET', `/api/recommendations/${rec.recommendationId}`, ben.token)).title).toBe('Piranesi');
    const invalid = await club.call('POST', '/api/recommendations/', { token: ann.token, body: { title: 'No author' } });
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['author', 'pageCount', 'text']);
  });

  it('its owner edits it; another member may not; a moderator may; Obskurnee\'s postId works too', async () => {
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', ann.token, { ...rec, title: 'Piranesi (2020)' })).title).toBe('Piranesi (2020)');
    const refused = await club.call('PATCH', '/api/recommendations/', { token: ben.token, body: { ...rec, title: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('You can only edit your own recommendations.');
    const { recommendationId, ...rest } = rec;
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', mod, { ...rest, postId: recommendationId, title: 'Piranesi' })).title).toBe('Piranesi');
    expect((await club.call('PATCH', '/api/recommendations/', { token: ann.token, body: { ...rec, recommendationId: 9999 } })).status).toBe(404);
  });

  it('seeds a suggestion in the ongoing Books discussion through parentRecommendationId', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'From recs' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ben.token, { ...bookSuggestion('Piranesi'), parentRecommendationId: rec.recommendationId });
    expect(post.parentRecommendationId).toBe(rec.recommendationId);
    const ghost = await club.call('POST', `/api/discussions/${round.bookDiscussionId}`, { token: ben.token, body: { ...bookSuggestion('Ghost'), parentRecommendationId: 99999 } });
    expect(ghost.status).toBe(400);
  });
});

describe('search', () => {
  const search = async (query: string, extra = '') =>
    ok<SearchResult[]>(club, 'GET', `/api/search?query=${encodeURIComponent(query)}${extra}`, ann.token);

  it('finds posts and recommendations by title, author and text, best match first', async () => {
    const results = await search('darkness');
    expect(results[0]).toMatchObject({ kind: 'Post', title: 'The Left Hand of Darkness' });
    expect((await search('guin'))[0]!.title).toBe('The Left Hand of Darkness');
    expect((await search('tides')).map((r) => [r.kind, r.title])).toEqual([['Rec', 'Piranesi']]);
    const piranesi = await search('piranesi');
    expect(piranesi.map((r) => r.kind).sort()).toEqual(['Post', 'Rec']);
    const ranks = piranesi.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // A title match outranks a mention in the text.
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Ranking' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Another book', { text: 'Better than orlando, honestly.' }));
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Orlando', { author: 'Virginia Woolf', text: 'A life across centuries.' }));
    expect((await search('orlando')).map((r) => r.title)).toEqual(['Orlando', 'Another book']);
  });

  it('refuses a search over 500 characters at once, and the club keeps answering (bots may search)', async () => {
    const huge = Array.from({ length: 1500 }, (_, i) => `w${i}`).join('-');
    const answers = await Promise.all(
      [0, 1, 2].map(() => club.call('GET', `/api/search?query=${encodeURIComponent(huge)}`, { token: ann.token })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('The search is too long: at most 500 characters.');
    }
    expect((await club.call('GET', '/api/home', { token: ann.token })).status).toBe(200);
  });

  it('ANDs words, matches prefixes only with *, and quoted phrases exactly', async () => {
    expect((await search('science fiction')).map((r) => r.title)).toEqual(['The Left Hand of Darkness']);
    expect(await search('science poetry')).toEqual([]);
    expect(await search('kniha')).toHaveLength(1);
    expect(await search('knih')).toEqual([]);
    expect((await search('knih*')).map((r) => r.title)).toEqual(['Čítať v lete']);
    expect((await search('"classic of science"')).map((r) => r.title)).toEqual(['The Left Hand of Darkness']);
    expect(await search('"science classic"')).toEqual([]);
  });

  it('lets diacritics never defeat a match', async () => {
    expect((await search('citat')).map((r) => r.title)).toEqual(['Čítať v lete']);
    expect((await search('ČÍTAŤ')).map((r) => r.title)).toEqual(['Čítať v lete']);
    expect((await search('kratka')).map((r) => r.author)).toEqual(['Zuzana Krátka']);
  });

  it('filters by kind', async () => {
    expect((await search('piranesi', '&kind=Post')).every((r) => r.kind === 'Post')).toBe(true);
    expect((await search('piranesi', '&kind=Rec')).map((r) => r.kind)).toEqual(['Rec']);
  });

  it('follows edits: a post is found by its new words and not its old ones', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Edits' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Wolf Hall', { text: 'Tudor intrigue.' }));
    expect(await search('tudor')).toHaveLength(1);
    await ok(club, 'PATCH', `/api/discussions/${round.bookDiscussionId}`, ann.token, { ...post, text: 'Cromwell rises.' });
    expect(await search('tudor')).toEqual([]);
    expect((await search('cromwell')).map((r) => (r.kind === 'Post' ? r.postId : null))).toEqual([post.postId]);
  });

  it('answers 400 with a readable reason for a short or malformed query, never a 500', async () => {
    for (const [query, detail] of [
      ['ab', 'Type at least 3 characters to search.'],
      ['   x  ', 'Type at least 3 characters to search.'],
      ['"unclosed', 'The search could not be understood: a quotation mark is not closed.'],
      ['*** ???', 'The search has no words to look for.'],
    ] as const) {
      const res = await club.call('GET', `/api/search?query=${encodeURIComponent(query)}`, { token: ann.token });
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect((await club.call('GET', '/api/search', { token: ann.token })).status).toBe(400);
    for (const query of ['NEAR(a b)', 'title:x AND', 'a OR OR b', '^abc', 'abc)']) {
      expect((await club.call('GET', `/api/search?query=${encodeURIComponent(query)}`, { token: ann.token })).status, query).toBe(200);
    }
  });
});
