// What Obskurnee's own client and a club's bots rely on beyond SPEC.md (DECISIONS.md "Obskurnee
// compatibility"), each asked as they ask it.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../db/data-source';
import { findRows, statement, updateRows } from '../db/table';
import { io as connect } from 'socket.io-client';
import type { Post } from '../../shared/api/discussions';
import type { Poll, PollInfo } from '../../shared/api/polls';
import type { Review } from '../../shared/api/reviews';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { addMember, type TestMember } from '../test-support/members';
import { userTable } from './accounts';
import { postTable } from './discussions';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * TypeORM's own record of the migrations run (no declaration of ours): a test forgets one there, so the
 * club runs it again as an older club would meet it.
 */
const MIGRATIONS = { name: '"migrations"', migration: '"name"' } as const;
const forgetMigration = (sql: Database.Database, migration: string) =>
  statement(sql, `DELETE FROM ${MIGRATIONS.name} WHERE ${MIGRATIONS.migration} = ?`).run(migration);

let club: TestServer;
beforeEach(async () => {
  club = await startTestServer();
});
afterEach(async () => {
  await club.close();
});

describe('an account without a name is named after its email', () => {
  it('the first admin, set up without a name, is "host", and signs in named so', async () => {
    const setup = await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    expect(setup.status).toBe(200);
    expect(setup.body.name).toBe('host');
    const login = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(login.body.name).toBe('host');
    const context = await club.call('GET', '/api/accounts/context', { token: login.body.token });
    expect(context.body.name).toBe('host');
  });

  it('the first admin may give a name, as Obskurnee allowed', async () => {
    const setup = await club.call('POST', '/api/accounts/registerfirstadmin', { body: { ...ADMIN, name: '  Hana Hostiteľová ' } });
    expect(setup.body.name).toBe('Hana Hostiteľová');
  });

  it('registeruser without a name (or with a blank one) registers the member named after the address', async () => {
    const mod = await setUpClub(club);
    const bare = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'nora.novak@club.test' } });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ email: 'nora.novak@club.test', name: 'nora.novak' });
    const blank = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'ivo@club.test', name: '   ' } });
    expect(blank.body.name).toBe('ivo');
    const named = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'eva@club.test', name: 'Eva' } });
    expect(named.body.name).toBe('Eva');
    const wrong = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'x@club.test', name: 42 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.name).toEqual(['This value has the wrong type.']);
  });

  it('accounts created with a blank name before are named after their email when the club next starts', async () => {
    await club.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-names-'));
    club = await startTestServer({ dataDir });
    await setUpClub(club);
    const member = await addMember(club, { name: 'Temp' });
    await club.close();
    const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
    // Every account's name blank (updateRows takes only a condition naming rows; this is all of them).
    statement(sql, `UPDATE ${userTable.name} SET ${userTable.column('name')} = ?`).run('');
    // The migration is recorded as done already: run it again as an older club would meet it.
    forgetMigration(sql, 'AccountNames1732320000000');
    sql.close();
    const db = await openDatabase(dataDir);
    const names = findRows(sqliteOf(db), userTable, 'all', { select: ['email', 'name'], orderBy: 'email' });
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(names).toEqual(
      [
        { email: member.email, name: member.email.split('@')[0] },
        { email: ADMIN.email, name: 'host' },
      ].sort((a, b) => (a.email < b.email ? -1 : 1)),
    );
    club = await startTestServer();
  });
});

describe('numbers in JSON bodies may come as numeric strings, as Obskurnee read them', () => {
  it('reposts a suggestion whose parentPostId comes from the page address ("2")', async () => {
    const mod = await setUpClub(club);
    const ann = await addMember(club, { name: 'Ann' });
    const first = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'First' });
    const old = await ok<Post>(club, 'POST', `/api/discussions/${first.bookDiscussionId}`, ann.token, bookSuggestion('Evergreen'));
    await ok(club, 'POST', `/api/rounds/close-discussion/${first.bookDiscussionId}`, mod);
    const second = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Second' });
    const repost = await ok<Post>(
      club,
      'POST',
      `/api/discussions/${second.bookDiscussionId}`,
      ann.token,
      bookSuggestion('Evergreen', { parentPostId: String(old.postId) }),
    );
    expect(repost.parentPostId).toBe(old.postId);
    // Editing sends postId as the page had it too.
    const edited = await ok<Post>(club, 'PATCH', `/api/discussions/${second.bookDiscussionId}`, ann.token, {
      ...bookSuggestion('Evergreen, again'),
      postId: ` ${repost.postId} `,
    });
    expect(edited.title).toBe('Evergreen, again');
  });

  it('a vote may list its options as numeric strings', async () => {
    const { pollId, postIds, ann } = await openPoll();
    const voted = await ok<RoundUpdate>(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [String(postIds[0])] });
    expect(voted.poll!.results.alreadyVoted).toContain(ann.userId);
  });

  it('a cleared star rating ("") is a review without stars; "4" is four stars', async () => {
    const reading = await readingClubHere();
    const cleared = await ok<Review>(club, 'POST', `/api/reviews/book/${reading.bookId}`, reading.ann.token, { rating: '', reviewText: 'Bez hviezdičiek.' });
    expect(cleared.rating).toBeNull();
    const four = await ok<Review>(club, 'POST', `/api/reviews/book/${reading.bookId}`, reading.ann.token, { rating: '4', reviewText: 'Four.' });
    expect(four.rating).toBe(4);
  });

  it('anything else stays a 400 naming the field, and changes nothing', async () => {
    const reading = await readingClubHere();
    for (const rating of ['four', '4.5', '9', '', ' 1e3', true, [], {}]) {
      if (rating === '') continue;
      const refused = await club.call('POST', `/api/reviews/book/${reading.bookId}`, { token: reading.ann.token, body: { rating, reviewText: 'x' } });
      expect(refused.status, JSON.stringify(rating)).toBe(400);
      expect(refused.body.errors.rating).toEqual(['Sorry, you can only give 0 to 5 stars.']);
    }
    const { pollId, ann } = await openPoll(reading);
    for (const postId of ['two', '', '1.5', '-3', null, '99999999999999999999']) {
      const refused = await club.call('POST', `/api/polls/${pollId}/vote`, { token: ann.token, body: { postIds: [postId] } });
      expect(refused.status, JSON.stringify(postId)).toBe(400);
    }
    const reviews = await club.call('GET', `/api/reviews/book/${reading.bookId}`, { token: reading.ann.token });
    expect(reviews.body).toEqual([]);
    const poll = await club.call('GET', `/api/polls/${pollId}`, { token: ann.token });
    expect(poll.body.myVote).toBeNull();
  });
});

/** A Books round whose discussion closed into an open poll with two options; Ann and Ben are members. */
async function openPoll(members?: { mod: string; ann: TestMember; ben: TestMember }) {
  const { mod, ann, ben } = members ?? { mod: await setUpClub(club), ann: await addMember(club, { name: 'Ann' }), ben: await addMember(club, { name: 'Ben' }) };
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Autumn' });
  const a = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Pán prsteňov'));
  const b = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ben.token, bookSuggestion('Solaris'));
  const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod);
  return { mod, ann, ben, round, pollId: closed.discussion!.pollId!, postIds: [a.postId, b.postId] };
}

/** This file's club, run to a chosen book (the reading-club fixture, on the server the test already has). */
async function readingClubHere() {
  const { mod, ann, ben, pollId, postIds } = await openPoll();
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [postIds[0]] });
  const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).book!;
  return { mod, ann, ben, bookId: book.bookId };
}

describe('closing a poll on a tie answers the closed poll, as Obskurnee does', () => {
  it('the answer is the tied poll, closed, whose followupLink names the new tiebreaker', async () => {
    const { mod, ann, ben, pollId, postIds } = await openPoll();
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [postIds[0]] });
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ben.token, { postIds: [postIds[1]] });
    const tie = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);
    expect(tie.poll).toMatchObject({ pollId, isClosed: true, followupLink: { kind: 'Poll' } });
    const tiebreakerId = tie.poll!.followupLink!.entityId;
    expect(tie.round).toMatchObject({ bookPollId: pollId, bookTiebreakerPollId: tiebreakerId });
    const tiebreaker = await ok<PollInfo>(club, 'GET', `/api/polls/${tiebreakerId}`, ann.token);
    expect(tiebreaker.poll).toMatchObject({ isTiebreaker: true, previousPollId: pollId, isClosed: false });
  });
});

describe('a poll closes itself when every active member has voted', () => {
  it('the last vote answers the closed poll and what followed; bots, inactive and disabled members are not waited for', async () => {
    const { mod, ann, ben, pollId, postIds } = await openPoll();
    await addMember(club, { name: 'Robo', bot: true });
    await addMember(club, { name: 'Away', active: false });
    const gone = await addMember(club, { name: 'Gone' });
    await ok(club, 'POST', `/api/admin/disable/${encodeURIComponent(gone.email)}`, mod);
    const first = await ok<RoundUpdate>(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [postIds[0]] });
    expect(first.poll!.isClosed).toBe(false);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ben.token, { postIds: [postIds[0]] });
    // The admin (a moderator, and a member who votes) is the last one.
    const last = await ok<RoundUpdate>(club, 'POST', `/api/polls/${pollId}/vote`, mod, { postIds: [postIds[1]] });
    expect(last.poll).toMatchObject({ pollId, isClosed: true, results: { winnerPostId: postIds[0] }, followupLink: { kind: 'Book' } });
    expect(last.book).toMatchObject({ order: 1, post: { postId: postIds[0] } });
    expect(last.round).toMatchObject({ bookPollId: pollId, bookId: last.book!.bookId });
    const late = await club.call('POST', `/api/polls/${pollId}/vote`, { token: ann.token, body: { postIds: [postIds[1]] } });
    expect(late.status).toBe(409);
  });

  it('a tie among the last votes opens the tiebreaker, as a moderator closing it would', async () => {
    const { mod, ann, ben, pollId, postIds } = await openPoll();
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [postIds[0]] });
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ben.token, { postIds: [postIds[1]] });
    const last = await ok<RoundUpdate>(club, 'POST', `/api/polls/${pollId}/vote`, mod, { postIds: [postIds[0], postIds[1]] });
    expect(last.poll).toMatchObject({ pollId, isClosed: true, followupLink: { kind: 'Poll' } });
    expect(last.round!.bookTiebreakerPollId).toBe(last.poll!.followupLink!.entityId);
  });

  it('others hear it as PollChanged, over socket.io-client as it connects by default', async () => {
    const { mod, ann, ben, pollId, postIds } = await openPoll();
    const socket = connect(club.url, { path: HUB_PATH, auth: { token: ben.token } });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const changed = new Promise<Poll>((resolve) => socket.on('PollChanged', (poll: Poll) => resolve(poll)));
      await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [postIds[0]] });
      await ok(club, 'POST', `/api/polls/${pollId}/vote`, ben.token, { postIds: [postIds[0]] });
      await ok(club, 'POST', `/api/polls/${pollId}/vote`, mod, { postIds: [postIds[1]] });
      const pushed = await changed;
      expect(pushed).toMatchObject({ pollId, isClosed: true, results: { winnerPostId: postIds[0] } });
      expect(pushed.results.votes.find((count) => count.postId === postIds[0])?.votes).toBe(2);
    } finally {
      socket.close();
    }
  });

  it('votes racing to be last close the poll once: one book, every ballot counted', async () => {
    const { mod, ann, ben, pollId, postIds } = await openPoll();
    const cara = await addMember(club, { name: 'Cara' });
    const answers = await Promise.all(
      [mod, ann.token, ben.token, cara.token].map((token) =>
        club.call<RoundUpdate>('POST', `/api/polls/${pollId}/vote`, { token, body: { postIds: [postIds[0]] } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const books = await ok<unknown[]>(club, 'GET', '/api/books', ann.token);
    expect(books).toHaveLength(1);
    const poll = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ann.token);
    expect(poll.poll.isClosed).toBe(true);
    expect(poll.poll.results.alreadyVoted).toHaveLength(4);
  });
});

describe("GET /api/admin/bots answers the bots' names, as Obskurnee's admin page prints them", () => {
  it('a list of strings, by name; members are not in it', async () => {
    const mod = await setUpClub(club);
    await addMember(club, { name: 'Ann' });
    await ok(club, 'POST', '/api/admin/registerbot', mod, { email: 'zeta@club.test', name: 'Zeta kalendár', password: 'bot password 1' });
    await ok(club, 'POST', '/api/admin/registerbot', mod, { email: 'cit@club.test', name: 'Čitateľ', password: 'bot password 2' });
    await ok(club, 'POST', '/api/admin/registerbot', mod, { email: 'alfa@club.test', name: 'Alfa', password: 'bot password 3' });
    expect(await ok(club, 'GET', '/api/admin/bots', mod)).toEqual(['Alfa', 'Čitateľ', 'Zeta kalendár']);
  });
});

describe('spoilers written before they were understood', () => {
  it('posts and recommendations whose stored HTML predates spoilers are rendered again when the club next starts', async () => {
    await club.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-spoilers-'));
    club = await startTestServer({ dataDir });
    const mod = await setUpClub(club);
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Spoilers' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, mod, bookSuggestion('Dune', { text: 'The end: ::Paul wins::.' }));
    await club.close();
    const sql = new Database(path.join(dataDir, 'bookclub.db'));
    updateRows(sql, postTable, { id: post.postId }, { renderedText: '<p>The end: ::Paul wins::.</p>' });
    forgetMigration(sql, 'Spoilers1732330000000');
    sql.close();
    club = await startTestServer({ dataDir });
    const token = (await club.call('POST', '/api/accounts/login', { body: ADMIN })).body.token as string;
    const discussion = await ok<{ posts: Post[] }>(club, 'GET', `/api/discussions/${round.bookDiscussionId}`, token);
    expect(discussion.posts[0]!.renderedText).toContain('<span class="spoiler">Paul wins</span>');
    await club.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    club = await startTestServer();
  });
});
