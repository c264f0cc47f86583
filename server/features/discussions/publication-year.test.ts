import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/poll';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import type { SearchResult } from '../../../shared/api/search';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;
let round: Round;

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
  round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Classics' });
});
afterAll(async () => {
  await club.close();
});

const discussionPath = (id = round.bookDiscussionId) => `/api/discussions/${id}`;
const postIn = (discussion: Discussion, title: string) => discussion.posts.find((post) => post.title === title)!;

describe("a suggestion's publication year", () => {
  it('is null unless given; given as a number or a numeric string, every answer that shows the post carries it', async () => {
    expect((await ok<Post>(club, 'POST', discussionPath(), ann.token, bookSuggestion('Yearless'))).year).toBeNull();
    expect((await ok<Post>(club, 'POST', discussionPath(), ann.token, bookSuggestion('Dune', { year: 1965 }))).year).toBe(1965);
    expect((await ok<Post>(club, 'POST', discussionPath(), ann.token, bookSuggestion('The Odyssey', { year: '-725' }))).year).toBe(-725);
    const discussion = await ok<Discussion>(club, 'GET', discussionPath(), ann.token);
    expect(discussion.posts.map((post) => [post.title, post.year])).toEqual([
      ['Yearless', null],
      ['Dune', 1965],
      ['The Odyssey', -725],
    ]);
    const found = await ok<SearchResult[]>(club, 'GET', '/api/search?query=dune', ann.token);
    expect(found.find((result) => result.kind === 'Post')).toMatchObject({ year: 1965 });
  });

  it("an edit without it (as Obskurnee's client sends one) keeps it; a year changes it; null or an empty field clears it", async () => {
    const dune = postIn(await ok<Discussion>(club, 'GET', discussionPath(), ann.token), 'Dune');
    const { year: _year, ...asOldClientsSendIt } = dune;
    const kept = await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...asOldClientsSendIt, title: 'Dune (Chilton)' });
    expect(kept).toMatchObject({ title: 'Dune (Chilton)', year: 1965 });
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...dune, year: '1966' })).year).toBe(1966);
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...dune, year: null })).year).toBeNull();
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...dune, year: 1965 })).year).toBe(1965);
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...dune, year: '' })).year).toBeNull();
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...dune, year: 1965 })).year).toBe(1965);
  });

  it('refuses a year that is no year with a translated 400, and changes nothing', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const year of [nextYear + 1, -3001, 1965.5, 'the sixties', true, [1965]]) {
      const res = await club.call('POST', discussionPath(), { token: ann.token, body: bookSuggestion('Refused', { year }) });
      expect(res.status, JSON.stringify(year)).toBe(400);
      expect(res.body.errors).toEqual({ year: [expect.stringContaining('The year must be a whole number')] });
    }
    expect((await ok<Post>(club, 'POST', discussionPath(), ann.token, bookSuggestion('Next year', { year: nextYear }))).year).toBe(nextYear);
    const dune = postIn(await ok<Discussion>(club, 'GET', discussionPath(), ann.token), 'Dune');
    const sk = await club.call('PATCH', discussionPath(), { token: ann.token, body: { ...dune, year: 'šesťdesiate' }, headers: { 'Accept-Language': 'sk' } });
    expect(sk.status).toBe(400);
    expect(sk.body.detail).toMatch(/^Rok musí byť celé číslo/);
    const discussion = await ok<Discussion>(club, 'GET', discussionPath(), ann.token);
    expect(discussion.posts.map((post) => post.title)).not.toContain('Refused');
    expect(postIn(discussion, 'Dune').year).toBe(1965);
  });

  it('a repost and a suggestion made from a recommendation bring the year along, also from a client that does not send it', async () => {
    const dune = postIn(await ok<Discussion>(club, 'GET', discussionPath(), ann.token), 'Dune');
    const rec = await ok<Recommendation>(club, 'POST', '/api/recommendations', ann.token, bookSuggestion('Stoner', { year: 1965 }));
    const next = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Again' });
    const to = discussionPath(next.bookDiscussionId);

    const { year: _year, postId, discussionId: _from, ...duneFields } = dune;
    expect(await ok<Post>(club, 'POST', to, ann.token, { ...duneFields, parentPostId: postId })).toMatchObject({ parentPostId: postId, year: 1965 });
    const repostAsTyped = await ok<Post>(club, 'POST', to, ann.token, { ...duneFields, title: 'Dune, again', year: 1990, parentPostId: postId });
    expect(repostAsTyped.year).toBe(1990);
    const repostWithout = await ok<Post>(club, 'POST', to, ann.token, { ...duneFields, title: 'Dune, yearless', year: null, parentPostId: postId });
    expect(repostWithout.year).toBeNull();

    const { year: _recYear, recommendationId, ...recFields } = rec;
    const fromRec = await ok<Post>(club, 'POST', to, ann.token, { ...recFields, parentRecommendationId: recommendationId });
    expect(fromRec).toMatchObject({ title: 'Stoner', parentRecommendationId: recommendationId, year: 1965 });
  });

  it("a poll's options and the book the club chose carry it", async () => {
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod)).discussion!.pollId!;
    const { poll } = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ann.token);
    const dune = poll.options.find((option) => option.title === 'Dune')!;
    expect(dune.year).toBe(1965);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [dune.postId] });
    const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).book!;
    expect(book.post.year).toBe(1965);
    expect((await ok<Book>(club, 'GET', `/api/books/${book.bookId}`, ann.token)).post.year).toBe(1965);
  });
});
