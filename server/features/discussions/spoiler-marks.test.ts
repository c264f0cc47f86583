import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/poll';
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
  round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Winter' });
});
afterAll(async () => {
  await club.close();
});

const discussionPath = () => `/api/discussions/${round.bookDiscussionId}`;

describe('the spoiler mark on suggestions', () => {
  it('is off unless the post says so, and every answer that shows a post carries it', async () => {
    const plain = await ok<Post>(club, 'POST', discussionPath(), ann.token, bookSuggestion('Plain'));
    expect(plain.hasSpoilers).toBe(false);
    const marked = await ok<Post>(
      club,
      'POST',
      discussionPath(),
      ann.token,
      bookSuggestion('Rebecca', { text: 'Mrs de Winter is not who she seems.', hasSpoilers: true }),
    );
    expect(marked.hasSpoilers).toBe(true);
    const discussion = await ok<Discussion>(club, 'GET', discussionPath(), ann.token);
    expect(discussion.posts.map((post) => [post.title, post.hasSpoilers])).toEqual([
      ['Plain', false],
      ['Rebecca', true],
    ]);
    const found = await ok<SearchResult[]>(club, 'GET', '/api/search?query=rebecca', ann.token);
    expect(found.find((result) => result.kind === 'Post')).toMatchObject({ title: '<mark class="searchresult">Rebecca</mark>', hasSpoilers: true });
  });

  it('search answers no excerpt of a marked suggestion, to any client: it cannot be folded in a list of results', async () => {
    const found = await ok<SearchResult[]>(club, 'GET', '/api/search?query=winter', ann.token);
    const rebecca = found.find((result) => result.kind === 'Post' && result.hasSpoilers)!;
    expect(rebecca.highlight.text).toBeNull();
    expect(rebecca.renderedText).toBeNull();
    expect(JSON.stringify(rebecca.highlight)).not.toMatch(/Winter/);
  });

  it('an edit that does not send it keeps it; an edit that sends false takes it off', async () => {
    const discussion = await ok<Discussion>(club, 'GET', discussionPath(), ann.token);
    const marked = discussion.posts.find((post) => post.title === 'Rebecca')!;
    const { hasSpoilers: _mark, ...asOldClientsSendIt } = marked;
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...asOldClientsSendIt, title: 'Rebecca (1938)' })).hasSpoilers).toBe(true);
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...marked, hasSpoilers: false })).hasSpoilers).toBe(false);
    expect((await ok<Post>(club, 'PATCH', discussionPath(), ann.token, { ...marked, hasSpoilers: true })).hasSpoilers).toBe(true);
  });

  it('refuses a mark that is not true or false, and adds nothing', async () => {
    const res = await club.call('POST', discussionPath(), { token: ann.token, body: bookSuggestion('Refused', { hasSpoilers: 'yes' }) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['hasSpoilers']);
    expect((await ok<Discussion>(club, 'GET', discussionPath(), ann.token)).posts.map((post) => post.title)).not.toContain('Refused');
  });

  it("a poll's options and the book the club chose carry the mark", async () => {
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod)).discussion!.pollId!;
    const { poll } = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ann.token);
    const rebecca = poll.options.find((option) => option.title === 'Rebecca')!;
    expect(rebecca.hasSpoilers).toBe(true);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [rebecca.postId] });
    const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).book!;
    expect(book.post.hasSpoilers).toBe(true);
    expect((await ok<Book>(club, 'GET', `/api/books/${book.bookId}`, ann.token)).post.hasSpoilers).toBe(true);
  });
});
