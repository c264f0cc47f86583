import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { DisplayLink, MeetingQuestions, RoomView } from '../../../shared/api/meeting-night';
import type { Meeting } from '../../../shared/api/meetings';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { HUB_PATH } from '../../../shared/constants';
import { DELTA_EVENTS } from '../../../shared/events';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { startMeetingsClub, PUBLIC_URL, type MeetingsClub } from '../meetings/meetings-club';

let c: MeetingsClub;
let meeting: Meeting;
const q = (rest = '') => `/api/meetings/${meeting.meetingId}/questions${rest}`;

beforeAll(async () => {
  c = await startMeetingsClub();
  meeting = await c.schedule({ bookId: c.book.bookId });
}, 30_000);
afterAll(() => c.club.close());

describe('questions', () => {
  it('any member adds one (markdown, spoilers marked), new ones last; bad input is a translated 400 and nothing changes', async () => {
    const first = await ok<MeetingQuestions>(c.club, 'POST', q(), c.ann.token, { text: 'Was the *ending* earned?' });
    expect(first.questions).toMatchObject([{ text: 'Was the *ending* earned?', hasSpoilers: false, authorName: 'Ann' }]);
    expect(first.questions[0]!.textHtml).toContain('<em>ending</em>');
    const second = await ok<MeetingQuestions>(c.club, 'POST', q(), c.ben.token, { text: 'Why did Juraj leave?', hasSpoilers: true, extra: 'ignored' });
    expect(second.questions.map((x) => x.authorName)).toEqual(['Ann', 'Ben']);
    expect(second.questions[1]!.hasSpoilers).toBe(true);
    expect(second.version).toBeGreaterThan(first.version);

    for (const [body, detail] of [
      [{}, 'Please write the question.'],
      [{ text: '   ' }, 'Please write the question.'],
      [{ text: 7 }, undefined],
      [{ text: 'ok', hasSpoilers: 'yes' }, undefined],
      [{ text: 'é'.repeat(2001) }, undefined],
    ] as const) {
      const refused = await c.club.call<{ detail: string }>('POST', q(), { token: c.ann.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (detail) expect(refused.body.detail).toBe(detail);
    }
    expect((await c.club.call('POST', q(), { token: c.ann.token, rawBody: '{"text":', contentType: 'application/json' })).status).toBe(400);
    expect((await c.club.call('POST', q(), { token: c.bot.token, body: { text: 'bot?' } })).status).toBe(403);
    expect((await c.club.call('POST', q(), { body: { text: 'visitor?' } })).status).toBe(401);
    expect((await ok<MeetingQuestions>(c.club, 'GET', q(), c.bot.token)).questions).toHaveLength(2);
  });

  it('its author or a moderator changes or removes it; another member is refused (403)', async () => {
    const [annQ, benQ] = (await ok<MeetingQuestions>(c.club, 'GET', q(), c.ann.token)).questions;
    expect((await c.club.call('PATCH', q(`/${annQ!.questionId}`), { token: c.ben.token, body: { text: 'Mine now' } })).status).toBe(403);
    expect((await c.club.call('DELETE', q(`/${annQ!.questionId}`), { token: c.ben.token })).status).toBe(403);
    const edited = await ok<MeetingQuestions>(c.club, 'PATCH', q(`/${annQ!.questionId}`), c.ann.token, { text: 'Was the ending *earned*?' });
    expect(edited.questions[0]!.text).toBe('Was the ending *earned*?');
    const byMod = await ok<MeetingQuestions>(c.club, 'PATCH', q(`/${benQ!.questionId}`), c.mod.token, { hasSpoilers: false });
    expect(byMod.questions[1]).toMatchObject({ text: 'Why did Juraj leave?', hasSpoilers: false });
    expect((await c.club.call('PATCH', q('/99999'), { token: c.mod.token, body: { text: 'x' } })).status).toBe(404);
    expect((await c.club.call('PATCH', q('/order'), { token: c.mod.token, body: { text: 'x' } })).status).toBe(404);
  });

  it('a moderator orders them (every question once, else a 409) and marks the current one; members may not', async () => {
    const third = await ok<MeetingQuestions>(c.club, 'POST', q(), c.ben.token, { text: 'Who would you cast?' });
    const ids = third.questions.map((x) => x.questionId);
    const reversed = [...ids].reverse();
    expect((await c.club.call('PUT', q('/order'), { token: c.ann.token, body: { questionIds: reversed } })).status).toBe(403);
    expect((await c.club.call('PUT', q('/order'), { token: c.mod.token, body: { questionIds: reversed.slice(1) } })).status).toBe(409);
    expect((await c.club.call('PUT', q('/order'), { token: c.mod.token, body: { questionIds: [...reversed, reversed[0]] } })).status).toBe(409);
    expect((await c.club.call('PUT', q('/order'), { token: c.mod.token, body: { questionIds: 'all' } })).status).toBe(400);
    const ordered = await ok<MeetingQuestions>(c.club, 'PUT', q('/order'), c.mod.token, { questionIds: reversed });
    expect(ordered.questions.map((x) => x.questionId)).toEqual(reversed);

    expect((await c.club.call('PUT', q('/current'), { token: c.ann.token, body: { questionId: ids[0] } })).status).toBe(403);
    expect((await c.club.call('PUT', q('/current'), { token: c.mod.token, body: { questionId: 99999 } })).status).toBe(404);
    expect((await ok<MeetingQuestions>(c.club, 'PUT', q('/current'), c.mod.token, { questionId: ids[2] })).currentQuestionId).toBe(ids[2]);
    // The current question removed is current no more.
    expect((await ok<MeetingQuestions>(c.club, 'DELETE', q(`/${ids[2]}`), c.ben.token)).currentQuestionId).toBeNull();
    expect((await ok<MeetingQuestions>(c.club, 'PUT', q('/current'), c.mod.token, { questionId: ids[0] })).currentQuestionId).toBe(ids[0]);
  });
});

describe('the room view and the display link', () => {
  let token = '';
  let screen: Socket;
  const seen: string[] = [];

  it('a moderator makes the display link; members may not, and it answers only the link that made it', async () => {
    expect((await c.club.call('POST', '/api/display-link', { token: c.ann.token })).status).toBe(403);
    const link = await ok<DisplayLink>(c.club, 'POST', '/api/display-link', c.mod.token);
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/room/[A-Za-z0-9_-]{43}$`));
    token = link.url!.split('/room/')[1]!;
    expect(await ok<DisplayLink>(c.club, 'GET', '/api/display-link', c.admin)).toMatchObject({ url: null, active: true });
    // A screen connects with the link's token alone (socket.io-client's defaults: long-polling first).
    screen = connect(c.club.url, { path: HUB_PATH, auth: { display: token }, reconnection: false, forceNew: true });
    screen.onAny((event: string) => seen.push(event));
    await new Promise<void>((resolve, reject) => {
      screen.once('connect', resolve);
      screen.once('connect_error', reject);
    });
  });

  it('shows the meeting, who came, the current question and the open poll, with no email or token anywhere', async () => {
    c.clock.set('2026-10-20T16:30:00.000Z');
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/checkin`, c.ann.token);
    // A poll left open elsewhere in the club since before the evening: the room keeps the evening's poll over it.
    const themes = await ok<Round>(c.club, 'POST', '/api/rounds', c.admin, { topic: 'Themes', title: 'Someday' });
    await ok(c.club, 'POST', `/api/discussions/${themes.themeDiscussionId}`, c.ann.token, { title: 'Sea stories' });
    await ok(c.club, 'POST', `/api/rounds/close-discussion/${themes.themeDiscussionId}`, c.mod.token);
    const round = await ok<Round>(c.club, 'POST', '/api/rounds', c.admin, { topic: 'Books', title: 'Winter' });
    const posts: Post[] = [];
    for (const title of ['Dune', 'Emma', 'Ulysses'])
      posts.push(await ok<Post>(c.club, 'POST', `/api/discussions/${round.bookDiscussionId}`, c.ann.token, bookSuggestion(title)));
    const closing = await ok<RoundUpdate>(c.club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, c.mod.token, { votingMethod: 'ranked' });
    const pollId = closing.discussion!.pollId!;
    await ok(c.club, 'POST', `/api/polls/${pollId}/vote`, c.ann.token, { postIds: [posts[1]!.postId, posts[0]!.postId] });

    const display = await c.club.call<RoomView>('GET', `/api/display/${token}`);
    expect(display.status).toBe(200);
    const room = display.body;
    expect(room.meeting).toMatchObject({ meetingId: meeting.meetingId, bookTitle: 'Čítať v lete' });
    expect(room.book).toMatchObject({ title: 'Čítať v lete' });
    expect(room.joinUrl).toBe(PUBLIC_URL);
    expect(room.checkedIn).toEqual([{ userId: c.ann.userId, name: 'Ann' }]);
    expect(room.currentQuestion?.text).toBe('Was the ending *earned*?');
    expect(room.questionCount).toBe(2);
    expect(room.poll).toMatchObject({
      pollId,
      votingMethod: 'ranked',
      isClosed: false,
      results: { votes: [], rankedRounds: [], alreadyVoted: [c.ann.userId] },
    });
    expect(room.pollRevealed).toBe(false);
    const text = JSON.stringify(room);
    expect(text).not.toMatch(/@/);
    expect(text).not.toContain(token);
    expect(text).not.toContain(c.ann.token);
    expect(await ok<RoomView>(c.club, 'GET', `/api/meetings/${meeting.meetingId}/room`, c.ben.token)).toEqual(room);

    // A moderator reveals the counts to the room; then closes the poll, and the room keeps it with its rounds.
    expect((await c.club.call('POST', `/api/meetings/${meeting.meetingId}/room/reveal`, { token: c.ann.token })).status).toBe(403);
    const revealed = await ok<RoomView>(c.club, 'POST', `/api/meetings/${meeting.meetingId}/room/reveal`, c.mod.token);
    expect(revealed.pollRevealed).toBe(true);
    expect(revealed.poll!.results.rankedRounds).toHaveLength(1);
    await ok(c.club, 'POST', `/api/rounds/close-poll/${pollId}`, c.mod.token);
    const after = await ok<RoomView>(c.club, 'GET', `/api/display/${token}`, '');
    expect(after.poll).toMatchObject({ pollId, isClosed: true, results: { winnerPostId: posts[1]!.postId } });
    expect((await c.club.call('POST', `/api/meetings/${meeting.meetingId}/room/reveal`, { token: c.mod.token })).status).toBe(409);
  });

  it('the screen heard each change of the evening, and nothing else', async () => {
    await ok(c.club, 'POST', q(), c.ben.token, { text: 'Heard live?' });
    const deadline = Date.now() + 5_000;
    while (!seen.includes(DELTA_EVENTS.questionsChanged) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(
      expect.arrayContaining([
        DELTA_EVENTS.meetingCheckedIn,
        DELTA_EVENTS.voteCounted,
        DELTA_EVENTS.roomRevealed,
        DELTA_EVENTS.pollUpdated,
        DELTA_EVENTS.questionsChanged,
      ]),
    );
    expect(seen).not.toContain(DELTA_EVENTS.postAdded);
  });

  it('revoked, the link is a 404 and its screens are disconnected; an unknown token is a 404 too', async () => {
    const gone = new Promise<void>((resolve) => screen.once('disconnect', () => resolve()));
    expect((await ok<DisplayLink>(c.club, 'DELETE', '/api/display-link', c.mod.token)).active).toBe(false);
    await gone;
    const refused = await c.club.call<{ detail: string }>('GET', `/api/display/${token}`);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toMatch(/no such display link/);
    for (const bad of ['x', 'A'.repeat(43), `${token}x`, '%00']) expect((await c.club.call('GET', `/api/display/${bad}`)).status).toBe(404);
    const again = connect(c.club.url, { path: HUB_PATH, auth: { display: token }, reconnection: false, forceNew: true });
    const error = await new Promise<Error>((resolve) => again.once('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
    again.close();
    screen.close();
  });
});

describe('after the meeting', () => {
  it('takes no more questions nor changes to them (a 409), and keeps them to read', async () => {
    c.clock.set('2026-10-20T20:00:00.000Z');
    const refused = await c.club.call<{ detail: string }>('POST', q(), { token: c.ann.token, body: { text: 'Too late?' } });
    expect(refused).toMatchObject({ status: 409, body: { detail: 'This meeting has already taken place.' } });
    const kept = await ok<MeetingQuestions>(c.club, 'GET', q(), c.ann.token);
    expect((await c.club.call('PUT', q('/current'), { token: c.mod.token, body: { questionId: null } })).status).toBe(409);
    expect((await ok<MeetingQuestions>(c.club, 'GET', q(), c.ann.token)).version).toBe(kept.version);
  });
});
