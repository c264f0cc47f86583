import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import type { RunnersUp } from '../../../shared/api/runners-up';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;
let ben: TestMember;
let cyd: TestMember;
let bot: TestMember;
let spring: Round;
let next: Round;
const suggested: Record<string, Post> = {};

/** Spring: three suggestions; Dune wins with 3 votes, Ann's Piranesi has 2, Ben's Kindred 1. */
beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
  ben = await addMember(club, { name: 'Ben' });
  cyd = await addMember(club, { name: 'Cyd' });
  bot = await addMember(club, { name: 'Bot', bot: true });
  spring = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Spring' });
  for (const [member, title] of [
    [cyd, 'Dune'],
    [ann, 'Piranesi'],
    [ben, 'Kindred'],
  ] as const) {
    suggested[title] = await ok<Post>(club, 'POST', `/api/discussions/${spring.bookDiscussionId}`, member.token, bookSuggestion(title));
  }
  const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${spring.bookDiscussionId}`, mod)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [suggested.Dune!.postId, suggested.Piranesi!.postId] });
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ben.token, { postIds: [suggested.Dune!.postId, suggested.Kindred!.postId, suggested.Piranesi!.postId] });
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, cyd.token, { postIds: [suggested.Dune!.postId] });
  await ok(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);
  next = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Summer' });
});
afterAll(async () => {
  await club.close();
});

describe("last round's runners-up", () => {
  it('the next Books discussion shows them to everyone, most votes first, without the winner', async () => {
    for (const token of [ann.token, ben.token, bot.token, mod]) {
      const runnersUp = await ok<RunnersUp>(club, 'GET', `/api/discussions/${next.bookDiscussionId}/runners-up`, token);
      expect(runnersUp).toMatchObject({ roundId: spring.roundId, roundTitle: 'Spring', winnerTitle: 'Dune' });
      expect(runnersUp.runnersUp.map((r) => [r.post.title, r.post.ownerName, r.votes, r.pitchedAgainPostId])).toEqual([
        ['Piranesi', 'Ann', 2, null],
        ['Kindred', 'Ben', 1, null],
      ]);
    }
    expect((await club.call('GET', `/api/discussions/${next.bookDiscussionId}/runners-up`)).status).toBe(401);
  });

  it("another member's repost of a runner-up is no pitch: its owner keeps the button", async () => {
    const { text, title, author, pageCount, url } = suggested.Kindred!;
    const repost = await ok<Post>(club, 'POST', `/api/discussions/${next.bookDiscussionId}`, cyd.token, {
      title,
      author,
      pageCount,
      url,
      text,
      parentPostId: suggested.Kindred!.postId,
    });
    expect(repost.parentPostId).toBe(suggested.Kindred!.postId);
    const runnersUp = await ok<RunnersUp>(club, 'GET', `/api/discussions/${next.bookDiscussionId}/runners-up`, ben.token);
    expect(runnersUp.runnersUp.map((r) => [r.post.title, r.pitchedAgainPostId])).toEqual([
      ['Piranesi', null],
      ['Kindred', null],
    ]);
  });

  it('an owner pitches one again with one repost, which keeps the link and is marked as pitched', async () => {
    const { text, title, author, pageCount, url } = suggested.Piranesi!;
    const repost = await ok<Post>(club, 'POST', `/api/discussions/${next.bookDiscussionId}`, ann.token, {
      title,
      author,
      pageCount,
      url,
      text,
      parentPostId: suggested.Piranesi!.postId,
    });
    expect(repost.parentPostId).toBe(suggested.Piranesi!.postId);
    const runnersUp = await ok<RunnersUp>(club, 'GET', `/api/discussions/${next.bookDiscussionId}/runners-up`, ben.token);
    expect(runnersUp.runnersUp.map((r) => [r.post.title, r.pitchedAgainPostId])).toEqual([
      ['Piranesi', repost.postId],
      ['Kindred', null],
    ]);
  });

  it('there are none before any Books round was decided, nor for a theme discussion; an unknown discussion is 404', async () => {
    expect(await ok(club, 'GET', `/api/discussions/${spring.bookDiscussionId}/runners-up`, ann.token)).toBeNull();
    const themes = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Themes', title: 'Autumn' });
    expect(await ok(club, 'GET', `/api/discussions/${themes.themeDiscussionId}/runners-up`, ann.token)).toBeNull();
    for (const id of ['999', '0', 'abc', '1e3', '%F0%9F%93%9A']) {
      const res = await club.call('GET', `/api/discussions/${id}/runners-up`, { token: ann.token });
      expect(res.status, id).toBe(404);
      expect(res.body.detail).toBe('There is no such discussion.');
    }
  });
});
