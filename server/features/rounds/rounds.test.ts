import { io as connect } from 'socket.io-client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { HUB_PATH } from '../../../shared/constants';
import { useClubWithMember } from '../../test-support/club-with-member';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';

const given = useClubWithMember();
let ben: TestMember;

beforeEach(async () => {
  ben = await addMember(given.club, { name: 'Ben' });
});

const startRound = (topic: 'Books' | 'Themes', title: string, description?: string) =>
  ok<Round>(given.club, 'POST', '/api/rounds', given.mod, { topic, title, description });
const suggest = (discussionId: number, token: string, body: unknown) => ok<Post>(given.club, 'POST', `/api/discussions/${discussionId}`, token, body);
const closeDiscussion = (discussionId: number) => ok<RoundUpdate>(given.club, 'POST', `/api/rounds/close-discussion/${discussionId}`, given.mod);
const vote = (pollId: number, token: string, postIds: number[]) => ok<RoundUpdate>(given.club, 'POST', `/api/polls/${pollId}/vote`, token, { postIds });
const closePoll = (pollId: number) => ok<RoundUpdate>(given.club, 'POST', `/api/rounds/close-poll/${pollId}`, given.mod);

describe('a Books round, from start to the chosen book', () => {
  it('walks discussion, poll and book, and home follows', async () => {
    const round = await startRound('Books', 'Autumn', 'Something *cosy*');
    expect(round).toMatchObject({ title: 'Autumn', topic: 'Books', themeDiscussionId: null, bookId: null, book: null });
    const discussionId = round.bookDiscussionId!;

    const opened = await ok<Discussion>(given.club, 'GET', `/api/discussions/${discussionId}`, given.ann.token);
    expect(opened).toMatchObject({ title: 'Autumn: book suggestions', topic: 'Books', isClosed: false, pollId: null, posts: [] });
    expect(opened.renderedDescription).toBe('<p>Something <em>cosy</em></p>');
    expect((await ok(given.club, 'GET', '/api/home', given.ann.token)).currentDiscussion).toMatchObject({ discussionId, isClosed: false });

    const dune = await suggest(discussionId, given.ann.token, bookSuggestion('Dune', { url: 'https://www.goodreads.com/book/show/1' }));
    expect(dune).toMatchObject({ title: 'Dune', ownerId: given.ann.userId, ownerName: 'Ann', pageCount: 320, discussionId });
    expect(dune.renderedText).toBe('<p>Why we should read <em>Dune</em>.</p>');
    const emma = await suggest(discussionId, ben.token, bookSuggestion('Emma'));

    const closed = await closeDiscussion(discussionId);
    expect(closed.discussion).toMatchObject({ discussionId, isClosed: true, pollId: expect.any(Number) });
    const pollId = closed.discussion!.pollId!;
    expect(closed.round).toMatchObject({ bookPollId: pollId });
    const home = await ok(given.club, 'GET', '/api/home', given.ann.token);
    expect(home.currentDiscussion).toBeNull();
    expect(home.currentPoll).toMatchObject({ pollId, discussionId, title: 'Autumn: book suggestions: vote' });

    const before = await ok<PollInfo>(given.club, 'GET', `/api/polls/${pollId}`, given.ann.token);
    expect(before.poll.options.map((o) => o.title)).toEqual(['Dune', 'Emma']);
    expect(before.myVote).toBeNull();
    expect(before.poll.results.activeMembers.map((m) => m.name)).toEqual(expect.arrayContaining(['Ann', 'Ben']));

    await vote(pollId, given.ann.token, [dune.postId, emma.postId]);
    // Ben has not voted: he sees who voted, but not the counts.
    const forBen = await ok<PollInfo>(given.club, 'GET', `/api/polls/${pollId}`, ben.token);
    expect(forBen.poll.results.alreadyVoted).toEqual([given.ann.userId]);
    expect(forBen.poll.results.votes).toEqual([]);
    const afterBen = await vote(pollId, ben.token, [dune.postId]);
    expect(afterBen.poll!.results.votes).toEqual([
      { postId: dune.postId, votes: 2, percentage: 100 },
      { postId: emma.postId, votes: 1, percentage: 50 },
    ]);
    expect((await ok<PollInfo>(given.club, 'GET', `/api/polls/${pollId}`, given.ann.token)).myVote).toEqual({ pollId, postIds: [dune.postId, emma.postId] });

    const decided = await closePoll(pollId);
    expect(decided.poll).toMatchObject({ isClosed: true, followupLink: { kind: 'Book' }, decidedByLot: false });
    expect(decided.poll!.results.winnerPostId).toBe(dune.postId);
    expect(decided.book).toMatchObject({ order: 1, post: { title: 'Dune', author: 'Author of Dune' } });
    expect(decided.round).toMatchObject({ bookId: decided.book!.bookId, book: { order: 1 } });

    const books = await ok(given.club, 'GET', '/api/books/', given.ann.token);
    expect(books.map((b: { post: Post }) => b.post.title)).toEqual(['Dune']);
    const homeAfter = await ok(given.club, 'GET', '/api/home', given.ann.token);
    expect(homeAfter.books[0]).toMatchObject({ order: 1, post: { title: 'Dune' } });
    expect(homeAfter.currentPoll).toBeNull();
    const rounds = await ok<Round[]>(given.club, 'GET', '/api/rounds', given.ann.token);
    expect(rounds[0]!.book!.post.title).toBe('Dune');
  });

  it('numbers books in the order the club chose them, rounds newest first', async () => {
    for (const title of ['First', 'Second']) {
      const round = await startRound('Books', title);
      const post = await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion(`${title} book`));
      const { discussion } = await closeDiscussion(round.bookDiscussionId!);
      await vote(discussion!.pollId!, given.ann.token, [post.postId]);
      await closePoll(discussion!.pollId!);
    }
    const books = await ok(given.club, 'GET', '/api/books/', given.ann.token);
    expect(books.map((b: { order: number; post: Post }) => [b.order, b.post.title])).toEqual([
      [2, 'Second book'],
      [1, 'First book'],
    ]);
    expect((await ok<Round[]>(given.club, 'GET', '/api/rounds', given.ann.token)).map((r) => r.title)).toEqual(['Second', 'First']);
  });
});

describe('a Themes round, with a tie resolved by a tiebreaker', () => {
  it('goes theme discussion, tied poll, tiebreaker, book discussion, book', async () => {
    const carla = await addMember(given.club, { name: 'Carla' });
    const round = await startRound('Themes', 'Winter', 'Cold books');
    expect(round.bookDiscussionId).toBeNull();
    const themeDiscussion = await ok<Discussion>(given.club, 'GET', `/api/discussions/${round.themeDiscussionId}`, given.ann.token);
    expect(themeDiscussion).toMatchObject({ title: 'Winter: theme suggestions', topic: 'Themes' });

    // A theme needs only its title.
    const sea = await suggest(themeDiscussion.discussionId, given.ann.token, { title: 'The sea' });
    const snow = await suggest(themeDiscussion.discussionId, ben.token, { title: 'Snow', text: 'Books set in snow.' });
    const { discussion } = await closeDiscussion(themeDiscussion.discussionId);
    const themePollId = discussion!.pollId!;

    await vote(themePollId, given.ann.token, [sea.postId]);
    await vote(themePollId, ben.token, [snow.postId]);
    const tie = await closePoll(themePollId);
    expect(tie.poll).toMatchObject({ pollId: themePollId, isClosed: true, followupLink: { kind: 'Poll' } });
    const tiebreaker = (await ok<PollInfo>(given.club, 'GET', `/api/polls/${tie.poll!.followupLink!.entityId}`, given.ann.token)).poll;
    expect(tiebreaker).toMatchObject({
      isTiebreaker: true,
      previousPollId: themePollId,
      isClosed: false,
      title: 'Tiebreaker: Winter: theme suggestions: vote',
    });
    expect(tiebreaker.options.map((o) => o.postId)).toEqual([sea.postId, snow.postId]);
    expect(tie.round).toMatchObject({ themePollId, themeTiebreakerPollId: tiebreaker.pollId });
    const tiedPoll = await ok<PollInfo>(given.club, 'GET', `/api/polls/${themePollId}`, given.ann.token);
    expect(tiedPoll.poll).toMatchObject({ isClosed: true, followupLink: { kind: 'Poll', entityId: tiebreaker.pollId } });
    expect(tiedPoll.poll.results.winnerPostId).toBeNull();

    await vote(tiebreaker.pollId, given.ann.token, [snow.postId]);
    await vote(tiebreaker.pollId, ben.token, [snow.postId]);
    await vote(tiebreaker.pollId, carla.token, [sea.postId]);
    const themeChosen = await closePoll(tiebreaker.pollId);
    expect(themeChosen.poll).toMatchObject({ followupLink: { kind: 'Discussion' }, decidedByLot: false });
    expect(themeChosen.poll!.results.winnerPostId).toBe(snow.postId);
    const bookDiscussion = themeChosen.discussion!;
    expect(bookDiscussion).toMatchObject({ title: 'Winter: book suggestions', topic: 'Books', isClosed: false });
    expect(bookDiscussion.description).toContain('**Snow**');
    expect(themeChosen.round).toMatchObject({ bookDiscussionId: bookDiscussion.discussionId });

    const book = await suggest(bookDiscussion.discussionId, carla.token, bookSuggestion('Smilla'));
    const bookPoll = (await closeDiscussion(bookDiscussion.discussionId)).discussion!.pollId!;
    await vote(bookPoll, ben.token, [book.postId]);
    const done = await closePoll(bookPoll);
    expect(done.book).toMatchObject({ order: 1, post: { title: 'Smilla', ownerName: 'Carla' } });
    expect(done.round).toMatchObject({ themePollId, themeTiebreakerPollId: tiebreaker.pollId, bookPollId: bookPoll, bookId: done.book!.bookId });
  });

  it('settles a tie in a tiebreaker by lot among the tied, and says so', async () => {
    const round = await startRound('Books', 'Lots');
    const a = await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion('A'));
    const b = await suggest(round.bookDiscussionId!, ben.token, bookSuggestion('B'));
    const pollId = (await closeDiscussion(round.bookDiscussionId!)).discussion!.pollId!;
    await vote(pollId, given.ann.token, [a.postId]);
    await vote(pollId, ben.token, [b.postId]);
    const tiebreakerId = (await closePoll(pollId)).poll!.followupLink!.entityId;
    await vote(tiebreakerId, given.ann.token, [a.postId]);
    await vote(tiebreakerId, ben.token, [b.postId]);
    const settled = await closePoll(tiebreakerId);
    expect(settled.poll!.decidedByLot).toBe(true);
    expect([a.postId, b.postId]).toContain(settled.poll!.results.winnerPostId);
    expect(settled.book!.post.postId).toBe(settled.poll!.results.winnerPostId);
  });
});

describe('refusals', () => {
  it('only moderators start rounds, with a title and a known topic', async () => {
    const bot = await addMember(given.club, { bot: true });
    expect((await given.club.call('POST', '/api/rounds', { token: given.ann.token, body: { topic: 'Books', title: 'x' } })).status).toBe(403);
    expect((await given.club.call('POST', '/api/rounds', { token: bot.token, body: { topic: 'Books', title: 'x' } })).status).toBe(403);
    expect((await given.club.call('POST', '/api/rounds', { body: { topic: 'Books', title: 'x' } })).status).toBe(401);
    const noTitle = await given.club.call('POST', '/api/rounds', { token: given.mod, body: { topic: 'Books', title: '  ' } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors.title).toEqual(['Please enter a title.']);
    const badTopic = await given.club.call('POST', '/api/rounds', { token: given.mod, body: { topic: 'Poems', title: 'x' } });
    expect(badTopic.body.errors.topic).toEqual(['Choose Books or Themes.']);
    // Bots may read.
    expect((await given.club.call('GET', '/api/rounds', { token: bot.token })).status).toBe(200);
  });

  it('a book suggestion needs author, page count and description, each named', async () => {
    const round = await startRound('Books', 'R');
    const res = await given.club.call('POST', `/api/discussions/${round.bookDiscussionId}`, {
      token: given.ann.token,
      body: { title: 'Only a title', pageCount: 'many' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ pageCount: ['Počet strán musí byť celé číslo od 1 do 100 000.'] });
    const missing = await given.club.call('POST', `/api/discussions/${round.bookDiscussionId}`, { token: given.ann.token, body: { title: 'Only a title' } });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['author', 'pageCount', 'text']);
    const badLink = await given.club.call('POST', `/api/discussions/${round.bookDiscussionId}`, {
      token: given.ann.token,
      body: bookSuggestion('X', { url: 'javascript:alert(1)' }),
    });
    expect(badLink.body.errors.url).toBeDefined();
  });

  it('a closed discussion takes no posts and cannot close again; only moderators close; only with posts', async () => {
    const round = await startRound('Books', 'R');
    const id = round.bookDiscussionId!;
    const empty = await given.club.call('POST', `/api/rounds/close-discussion/${id}`, { token: given.mod });
    expect(empty.status).toBe(409);
    expect(empty.body.detail).toBe('A discussion needs at least one suggestion before it can be closed.');
    await suggest(id, given.ann.token, bookSuggestion('A'));
    expect((await given.club.call('POST', `/api/rounds/close-discussion/${id}`, { token: given.ann.token })).status).toBe(403);
    await closeDiscussion(id);
    expect((await given.club.call('POST', `/api/rounds/close-discussion/${id}`, { token: given.mod })).status).toBe(409);
    const late = await given.club.call('POST', `/api/discussions/${id}`, { token: ben.token, body: bookSuggestion('Late') });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This discussion is already closed.');
    expect((await given.club.call('POST', '/api/rounds/close-discussion/9999', { token: given.mod })).status).toBe(404);
    expect((await given.club.call('POST', '/api/rounds/close-discussion/abc', { token: given.mod })).status).toBe(404);
    expect((await given.club.call('GET', '/api/discussions/9999', { token: given.ann.token })).body.detail).toBe('There is no such discussion.');
  });

  it("votes must name this poll's options, at least one, while it is open; bots never vote", async () => {
    const round = await startRound('Books', 'R');
    const a = await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion('A'));
    const other = await startRound('Books', 'Other');
    const foreign = await suggest(other.bookDiscussionId!, given.ann.token, bookSuggestion('Foreign'));
    const pollId = (await closeDiscussion(round.bookDiscussionId!)).discussion!.pollId!;
    const bot = await addMember(given.club, { bot: true });

    const none = await given.club.call('POST', `/api/polls/${pollId}/vote`, { token: given.ann.token, body: { postIds: [] } });
    expect(none.status).toBe(400);
    expect(none.body.errors.postIds).toEqual(['Tick at least one option.']);
    const wrong = await given.club.call('POST', `/api/polls/${pollId}/vote`, { token: given.ann.token, body: { postIds: [a.postId, foreign.postId] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("You can only vote for this poll's own options.");
    expect((await given.club.call('POST', `/api/polls/${pollId}/vote`, { token: bot.token, body: { postIds: [a.postId] } })).status).toBe(403);
    expect((await given.club.call('POST', `/api/polls/9999/vote`, { token: given.ann.token, body: { postIds: [a.postId] } })).status).toBe(404);

    const noVotes = await given.club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: given.mod });
    expect(noVotes.status).toBe(409);
    expect(noVotes.body.detail).toBe('A vote needs at least one ballot before it can be closed.');
    await vote(pollId, given.ann.token, [a.postId]);
    expect((await given.club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: given.ann.token })).status).toBe(403);
    await closePoll(pollId);
    expect((await given.club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: given.mod })).status).toBe(409);
    const late = await given.club.call('POST', `/api/polls/${pollId}/vote`, { token: ben.token, body: { postIds: [a.postId] } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This vote is already closed.');
  });

  it('a second vote replaces the first', async () => {
    const round = await startRound('Books', 'R');
    const a = await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion('A'));
    const b = await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion('B'));
    const pollId = (await closeDiscussion(round.bookDiscussionId!)).discussion!.pollId!;
    await vote(pollId, given.ann.token, [a.postId, b.postId]);
    const replaced = await vote(pollId, given.ann.token, [b.postId]);
    expect(replaced.poll!.results.votes).toEqual([
      { postId: b.postId, votes: 1, percentage: 100 },
      { postId: a.postId, votes: 0, percentage: 0 },
    ]);
    expect(replaced.poll!.results.alreadyVoted).toEqual([given.ann.userId]);
  });

  it('owners edit their own posts while open; moderators edit any, any time', async () => {
    const round = await startRound('Books', 'R');
    const id = round.bookDiscussionId!;
    const post = await suggest(id, given.ann.token, bookSuggestion('Draft'));
    const edited = await ok<Post>(given.club, 'PATCH', `/api/discussions/${id}`, given.ann.token, {
      ...post,
      title: 'Final',
      renderedText: 'ignored',
      ownerId: ben.userId,
    });
    expect(edited).toMatchObject({ title: 'Final', ownerId: given.ann.userId, postId: post.postId });
    expect(edited.modifiedOn >= post.modifiedOn).toBe(true);

    const byBen = await given.club.call('PATCH', `/api/discussions/${id}`, { token: ben.token, body: { ...post, title: 'Hijacked' } });
    expect(byBen.status).toBe(403);
    expect(byBen.body.detail).toBe('You can only edit your own suggestions.');
    const invalid = await given.club.call('PATCH', `/api/discussions/${id}`, { token: given.ann.token, body: { ...post, author: '' } });
    expect(invalid.status).toBe(400);
    expect((await given.club.call('PATCH', `/api/discussions/${id + 1}`, { token: given.ann.token, body: post })).status).toBe(404);

    await closeDiscussion(id);
    expect((await given.club.call('PATCH', `/api/discussions/${id}`, { token: given.ann.token, body: { ...post, title: 'Too late' } })).status).toBe(409);
    expect((await ok<Post>(given.club, 'PATCH', `/api/discussions/${id}`, given.mod, { ...post, title: 'Typo fixed' })).title).toBe('Typo fixed');
  });

  it('a book suggestion can be reposted into the open Books discussion, not into its own or a theme one', async () => {
    const first = await startRound('Books', 'First');
    const old = await suggest(first.bookDiscussionId!, given.ann.token, bookSuggestion('Evergreen'));
    await closeDiscussion(first.bookDiscussionId!);
    const second = await startRound('Books', 'Second');
    const repost = await suggest(second.bookDiscussionId!, ben.token, bookSuggestion('Evergreen', { parentPostId: old.postId }));
    expect(repost.parentPostId).toBe(old.postId);

    const same = await given.club.call('POST', `/api/discussions/${second.bookDiscussionId}`, {
      token: ben.token,
      body: bookSuggestion('Again', { parentPostId: repost.postId }),
    });
    expect(same.status).toBe(400);
    const themes = await startRound('Themes', 'Themes');
    const intoThemes = await given.club.call('POST', `/api/discussions/${themes.themeDiscussionId}`, {
      token: ben.token,
      body: { title: 'x', parentPostId: old.postId },
    });
    expect(intoThemes.status).toBe(400);
    expect(intoThemes.body.detail).toBe('Only book suggestions can be reposted, and only into a book discussion.');
    const missing = await given.club.call('POST', `/api/discussions/${second.bookDiscussionId}`, {
      token: ben.token,
      body: bookSuggestion('Ghost', { parentPostId: 99999 }),
    });
    expect(missing.status).toBe(400);
  });
});

describe('preview and live updates', () => {
  it("previews markdown with the club's renderer: raw HTML never gets through", async () => {
    const bot = await addMember(given.club, { bot: true });
    const res = await ok(given.club, 'PUT', '/api/discussions/preview', bot.token, { text: '**bold** <script>alert(1)</script> [x](javascript:alert(1))' });
    expect(res.html).toContain('<strong>bold</strong>');
    expect(res.html).not.toContain('<script');
    expect(res.html).not.toMatch(/href="javascript:/i);
  });

  it('pushes DiscussionChanged with the whole discussion to signed-in clients when a post is added', async () => {
    const round = await startRound('Books', 'Live');
    const socket = connect(given.club.url, { path: HUB_PATH, auth: { token: ben.token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const changed = new Promise<Discussion>((resolve) => socket.on('DiscussionChanged', (d: Discussion) => resolve(d)));
      await suggest(round.bookDiscussionId!, given.ann.token, bookSuggestion('Pushed'));
      const discussion = await changed;
      expect(discussion.discussionId).toBe(round.bookDiscussionId);
      expect(discussion.posts.map((p) => p.title)).toEqual(['Pushed']);
    } finally {
      socket.close();
    }
  });
});
