import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartComment, PartComments, ReadingPart } from '../../../shared/api/reading-plan';
import { READING_EVENTS, type ReadingEventPayloads } from '../../../shared/events';
import { LiveClient } from '../../realtime/test-support/live-clients';
import { startReadingPlanClub, type ReadingPlanClub } from '../../test-support/reading-plan-club';
import { ok } from '../../test-support/round-helpers';

// DECISIONS.md "Reading together": the text of a part's comments never reaches a member who has not reached
// or revealed the part, from any route, live event, search, mail or chat; it does once their progress passes
// the part (live, at once) or they reveal it. Live clients connect as outsiders do (socket.io-client's
// defaults, asking for nothing) and as our renderer does (the small events).

let c: ReadingPlanClub;
let second: ReadingPart;
/** Ann is on page 100: the first part (to page 80) is open to her, the second (to 160) is not. */
let annPlain: LiveClient;
let annSmall: LiveClient;
/** Ben finished the book: every part is open to him. */
let ben: LiveClient;
/** Cleo has no progress; the bot has none and cannot have any. */
let cleo: LiveClient;
let bot: LiveClient;

const SECRET = 'Zygmunt-is-the-butler';

beforeAll(async () => {
  c = await startReadingPlanClub();
  second = (await c.plan())[1]!;
  await c.progress(c.ann.token, { page: 100, shared: true });
  await c.progress(c.ben.token, { finished: true });
  for (const who of [c.ann, c.ben, c.cleo]) await ok(c.club, 'POST', '/api/newsletters/allevents/subscribe', who.token);
  annPlain = await LiveClient.connect(c.club.url, c.ann.token, { deltas: false });
  annSmall = await LiveClient.connect(c.club.url, c.ann.token, { deltas: true });
  ben = await LiveClient.connect(c.club.url, c.ben.token, { deltas: false });
  cleo = await LiveClient.connect(c.club.url, c.cleo.token, { deltas: true });
  bot = await LiveClient.connect(c.club.url, c.bot.token, { deltas: false });
}, 30_000);
afterAll(async () => {
  for (const client of [annPlain, annSmall, ben, cleo, bot]) client?.close();
  await c.club.close();
});

/** Every answer a member reads that could hold a comment, as one text. */
async function everythingReadBy(token: string): Promise<string> {
  const book = `/api/books/${c.book.bookId}`;
  const paths = [`${book}/schedule`, c.partPath(second.partId, '/comments'), book, '/api/books', '/api/home', `${book}/progress`];
  const answers = await Promise.all(paths.map((path) => ok(c.club, 'GET', path, token)));
  const searches = await Promise.all(['Zygmunt', 'butler'].map((word) => ok(c.club, 'GET', `/api/search?query=${word}`, token)));
  return JSON.stringify([answers, searches]);
}

/** Everything the club queued to send by mail or to its chat. */
const outgoing = () => c.sql((db) => JSON.stringify([db.prepare('SELECT * FROM "mail"').all(), db.prepare('SELECT * FROM "chat_delivery"').all()]));

/** Waits (5 s at most) until `client` has received `event` `times` times. */
async function receivedTimes(client: LiveClient, event: string, times: number): Promise<void> {
  for (const deadline = Date.now() + 5_000; client.events().filter((name) => name === event).length < times;) {
    if (Date.now() > deadline) throw new Error(`${event} not received ${times} times: ${client.events().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const carries = (client: LiveClient, text: string) => client.received.some((r) => JSON.stringify(r.payload).includes(text));

describe("a sealed part's comments", () => {
  it('reach only those who reached the part: the others get the count, from no route, event, search, mail or chat the text', async () => {
    const comment = await c.comment(second.partId, c.ben.token, `${SECRET}, of course.`);
    const added = await ben.next<ReadingEventPayloads['PartCommentAdded']>(READING_EVENTS.partCommentAdded);
    expect(added.payload).toMatchObject({ bookId: c.book.bookId, partId: second.partId, count: 1, comment: { commentId: comment.commentId } });
    expect(added.payload.comment.renderedText).toContain(SECRET);
    for (const client of [annPlain, annSmall, cleo, bot]) {
      const counted = await client.next<ReadingEventPayloads['PartCommentCounted']>(READING_EVENTS.partCommentCounted);
      expect(counted.payload).toEqual({ bookId: c.book.bookId, partId: second.partId, count: 1 });
    }
    const path = c.partPath(second.partId, `/comments/${comment.commentId}`);
    await ok(c.club, 'PATCH', path, c.ben.token, { text: `${SECRET}, edited.` });
    await ben.next(READING_EVENTS.partCommentChanged);
    await ok(c.club, 'DELETE', path, c.ben.token);
    await ben.next(READING_EVENTS.partCommentRemoved);
    await c.comment(second.partId, c.ben.token, `Still: ${SECRET}.`);
    await ben.next(READING_EVENTS.partCommentAdded, (event: ReadingEventPayloads['PartCommentAdded']) => event.comment.renderedText.includes('Still'));
    // Added, changed, removed, added again: four counts to each of the others.
    for (const client of [annPlain, annSmall, cleo, bot]) await receivedTimes(client, READING_EVENTS.partCommentCounted, 4);

    const locked = await c.comments(second.partId, c.ann.token);
    expect(locked).toMatchObject({ locked: true, count: 1, comments: [], part: { reached: false, revealed: false, commentCount: 1 } });
    for (const token of [c.ann.token, c.cleo.token, c.bot.token, c.mod.token]) expect(await everythingReadBy(token)).not.toContain('Zygmunt');
    for (const client of [annPlain, annSmall, cleo, bot]) {
      expect(client.events().filter((event) => event.startsWith('PartComment'))).toEqual(Array(4).fill(READING_EVENTS.partCommentCounted));
      expect(carries(client, 'Zygmunt')).toBe(false);
    }
    expect(outgoing()).not.toContain('Zygmunt');
  });

  it('open to a member the moment their progress passes the part, live on every screen of theirs, and for good', async () => {
    await c.progress(c.ann.token, { page: 170, shared: true });
    for (const client of [annPlain, annSmall]) {
      const reached = await client.next<ReadingEventPayloads['PartsReached']>(READING_EVENTS.partsReached);
      expect(reached.payload).toEqual({ bookId: c.book.bookId, partIds: [second.partId] });
    }
    expect(bot.events()).not.toContain(READING_EVENTS.partsReached);
    const open = await c.comments(second.partId, c.ann.token);
    expect(open).toMatchObject({ locked: false, count: 1, part: { reached: true } });
    expect(open.comments.map((comment) => comment.text)).toEqual([`Still: ${SECRET}.`]);

    // A 500-character comment's live event stays under 1 kB, and reaches her now.
    const long = await c.comment(second.partId, c.ben.token, 'Word '.repeat(100).trim());
    const added = await annPlain.next<ReadingEventPayloads['PartCommentAdded']>(READING_EVENTS.partCommentAdded, (e) => e.comment.commentId === long.commentId);
    expect(added.bytes).toBeLessThan(1024);
    await annSmall.next(READING_EVENTS.partCommentAdded);
    expect(carries(cleo, 'Word Word')).toBe(false);

    // A lower page later does not seal it again.
    await c.progress(c.ann.token, { page: 5, shared: true });
    expect((await c.comments(second.partId, c.ann.token)).comments).toHaveLength(2);
  });

  it('open to a member who reveals it ("show anyway"), remembered; a bot never sees it', async () => {
    const revealed = await ok<PartComments>(c.club, 'POST', c.partPath(second.partId, '/reveal'), c.cleo.token);
    expect(revealed.comments.map((comment: PartComment) => comment.ownerName)).toEqual(['Ben', 'Ben']);
    await c.comment(second.partId, c.ann.token, 'Now I can say it.');
    await cleo.next(READING_EVENTS.partCommentAdded);
    expect(await c.comments(second.partId, c.cleo.token)).toMatchObject({ locked: false, part: { revealed: true, reached: false } });
    expect(await c.comments(second.partId, c.bot.token)).toMatchObject({ locked: true, count: 3, comments: [] });
    expect(carries(bot, 'Zygmunt') || carries(bot, 'Now I can')).toBe(false);
  });

  it('a schedule change goes to everyone live, without a word of any comment', async () => {
    const parts = (await c.readSchedule(c.mod.token)).parts;
    await c.plan(parts.map(({ partId, title, toPage, dueOn }) => ({ partId, title: `${title}!`, toPage, dueOn })));
    for (const client of [annPlain, ben, cleo, bot]) {
      const changed = await client.next<ReadingEventPayloads['ScheduleChanged']>(READING_EVENTS.scheduleChanged);
      expect(changed.payload).toEqual({ bookId: c.book.bookId });
    }
    expect(carries(bot, 'Zygmunt')).toBe(false);
    expect(outgoing()).not.toContain('Zygmunt');
  });
});
