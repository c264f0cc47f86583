import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartComment, PartComments, ReadingSchedule } from '../../../shared/api/reading-plan';
import type { BookProgress } from '../../../shared/api/progress';
import { FOUR_PARTS, startReadingPlanClub, type ReadingPlanClub } from '../../test-support/reading-plan-club';
import { ok } from '../../test-support/round-helpers';

// DECISIONS.md "Reading together", the first three bullets: a moderator's schedule in parts, where each
// member stands against it from their progress, and each part's comments.

let c: ReadingPlanClub;

beforeAll(async () => {
  c = await startReadingPlanClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

const reachedOf = (schedule: ReadingSchedule) => schedule.parts.map((part) => part.reached);

describe("a book's reading schedule", () => {
  it('a moderator splits the book into parts; members read it with where they stand, from their progress', async () => {
    expect((await c.readSchedule(c.ann.token)).parts).toEqual([]);
    const parts = await c.plan();
    expect(parts).toEqual(
      FOUR_PARTS.map((part) => ({
        partId: expect.any(Number),
        title: part.title,
        toPage: part.toPage,
        dueOn: new Date(part.dueOn).toISOString(),
        commentCount: 0,
        reached: false,
        revealed: false,
      })),
    );
    // A page is compared as it is; a percent as its share of the 320 pages; finished reaches every part.
    await c.progress(c.ann.token, { page: 100 });
    expect(reachedOf(await c.readSchedule(c.ann.token))).toEqual([true, false, false, false]);
    await c.progress(c.ben.token, { percent: 50 });
    expect(reachedOf(await c.readSchedule(c.ben.token))).toEqual([true, true, false, false]);
    await c.progress(c.cleo.token, { finished: true });
    expect(reachedOf(await c.readSchedule(c.cleo.token))).toEqual([true, true, true, true]);
    expect(reachedOf(await c.readSchedule(c.mod.token))).toEqual([false, false, false, false]);
  });

  it('a part once reached stays reached: a lower page later does not seal it again', async () => {
    await c.progress(c.ben.token, { page: 10 });
    expect(reachedOf(await c.readSchedule(c.ben.token))).toEqual([true, true, false, false]);
  });

  it("a moderator's edit that keeps partIds keeps the comments and who reached each part; a new part is new", async () => {
    const [first, second] = (await c.readSchedule(c.mod.token)).parts;
    await c.comment(first!.partId, c.ann.token, 'The *opening* chapters drag.');
    const edited = await c.plan([
      { partId: first!.partId, title: 'Opening', toPage: 90, dueOn: FOUR_PARTS[0]!.dueOn },
      { title: 'The middle', toPage: 200, dueOn: FOUR_PARTS[1]!.dueOn },
      { partId: second!.partId, title: 'The end', toPage: 320, dueOn: FOUR_PARTS[3]!.dueOn },
    ]);
    expect(edited.map((part) => [part.partId, part.title, part.toPage, part.commentCount])).toEqual([
      [first!.partId, 'Opening', 90, 1],
      [expect.any(Number), 'The middle', 200, 0],
      [second!.partId, 'The end', 320, 0],
    ]);
    expect(edited[1]!.partId).not.toBe(second!.partId);
    // Ann (page 100) had reached the first part at 80 and still has; Ben reached "second" at 160 and keeps it at 320.
    expect(reachedOf(await c.readSchedule(c.ann.token))).toEqual([true, false, false]);
    expect(reachedOf(await c.readSchedule(c.ben.token))).toEqual([true, false, true]);
    expect((await c.comments(first!.partId, c.ann.token)).comments.map((comment) => comment.text)).toEqual(['The *opening* chapters drag.']);
  });

  it('a part with comments cannot be left out (409, nothing changes); an empty schedule clears one without', async () => {
    const before = await c.readSchedule(c.mod.token);
    const res = await c.club.call('PUT', `/api/books/${c.book.bookId}/schedule`, { token: c.mod.token, body: { parts: [] } });
    expect([res.status, res.body.detail]).toEqual([409, 'The part “Opening” has comments: keep it in the schedule (with its partId) rather than removing it.']);
    expect(await c.readSchedule(c.mod.token)).toEqual(before);
  });

  it('members and bots cannot schedule (403); a bot reads the schedule with every part locked', async () => {
    for (const who of [c.ann, c.bot]) {
      const res = await c.club.call('PUT', `/api/books/${c.book.bookId}/schedule`, { token: who.token, body: { parts: FOUR_PARTS } });
      expect(res.status).toBe(403);
    }
    const schedule = await c.readSchedule(c.bot.token);
    expect(schedule.parts.every((part) => !part.reached && !part.revealed)).toBe(true);
    const first = schedule.parts[0]!;
    expect(await c.comments(first.partId, c.bot.token)).toMatchObject({ locked: true, count: 1, comments: [] });
    for (const [method, rest, body] of [
      ['POST', '/reveal', undefined],
      ['POST', '/read', undefined],
      ['POST', '/comments', { text: 'Beep.' }],
    ] as const) {
      expect((await c.club.call(method, c.partPath(first.partId, rest), { token: c.bot.token, body })).status).toBe(403);
    }
  });
});

describe("a part's comments", () => {
  it('markdown renders as in posts, spoilers included; the author edits and deletes their own, a moderator anyone’s without reading', async () => {
    const [first, middle] = (await c.readSchedule(c.mod.token)).parts;
    const mine = await c.comment(first!.partId, c.ann.token, 'So ::the butler:: did it **again**.');
    expect(mine).toMatchObject({ ownerId: c.ann.userId, ownerName: 'Ann', text: 'So ::the butler:: did it **again**.', editedOn: null });
    expect(mine.renderedText).toContain('<strong>again</strong>');
    expect(mine.renderedText).toMatch(/<span class="spoiler">the butler<\/span>/);
    const path = c.partPath(first!.partId, `/comments/${mine.commentId}`);
    const edited = await ok<PartComment>(c.club, 'PATCH', path, c.ann.token, { text: 'So the butler did it.' });
    expect(edited).toMatchObject({ text: 'So the butler did it.', renderedText: '<p>So the butler did it.</p>', editedOn: expect.any(String) });
    // Ben reached the first part, but the comment is Ann's.
    expect((await c.club.call('PATCH', path, { token: c.ben.token, body: { text: 'Mine now' } })).status).toBe(403);
    expect((await c.club.call('DELETE', path, { token: c.ben.token })).status).toBe(403);
    // Mona has reached nothing, and moderates all the same.
    expect((await c.comments(first!.partId, c.mod.token)).locked).toBe(true);
    expect(await ok<PartComment>(c.club, 'PATCH', path, c.mod.token, { text: 'Removed: a spoiler.' })).toMatchObject({ text: 'Removed: a spoiler.' });
    expect(await ok(c.club, 'DELETE', path, c.mod.token)).toBe(true);
    expect((await c.club.call('DELETE', path, { token: c.ann.token })).status).toBe(404);
    expect((await c.comments(first!.partId, c.ann.token)).count).toBe(1);
    // A comment of another part is not this part's.
    const other = await c.comment(first!.partId, c.ann.token, 'Another.');
    expect((await c.club.call('DELETE', c.partPath(middle!.partId, `/comments/${other.commentId}`), { token: c.ann.token })).status).toBe(404);
  });

  it('a sealed part takes no comment (409); "show anyway" opens it to that member and is remembered', async () => {
    const middle = (await c.readSchedule(c.ann.token)).parts[1]!;
    const refused = await c.club.call('POST', c.partPath(middle.partId, '/comments'), { token: c.ann.token, body: { text: 'Too early' } });
    expect([refused.status, refused.body.detail]).toEqual([
      409,
      'You have not reached this part yet: mark it read or choose to show it anyway before commenting.',
    ]);
    const revealed = await ok<PartComments>(c.club, 'POST', c.partPath(middle.partId, '/reveal'), c.ann.token);
    expect(revealed).toMatchObject({ locked: false, part: { reached: false, revealed: true } });
    await c.comment(middle.partId, c.ann.token, 'Read ahead, sorry.');
    expect((await c.readSchedule(c.ann.token)).parts[1]).toMatchObject({ reached: false, revealed: true, commentCount: 1 });
    expect((await c.comments(middle.partId, c.ben.token)).locked).toBe(true);
  });

  it('"I\'ve read this far" moves the page to the part\'s last page, keeps it shared or not, and never moves it back', async () => {
    const [, middle, end] = (await c.readSchedule(c.ann.token)).parts;
    await c.progress(c.ann.token, { page: 120, shared: true });
    const read = await ok<PartComments>(c.club, 'POST', c.partPath(middle!.partId, '/read'), c.ann.token);
    expect(read).toMatchObject({ locked: false, part: { reached: true } });
    const progress = await ok<BookProgress>(c.club, 'GET', `/api/books/${c.book.bookId}/progress`, c.ann.token);
    expect(progress.mine).toMatchObject({ page: 200, shared: true });
    // Ben finished: reading a part "this far" leaves him finished.
    await c.progress(c.ben.token, { finished: true });
    await ok(c.club, 'POST', c.partPath(end!.partId, '/read'), c.ben.token);
    expect((await ok<BookProgress>(c.club, 'GET', `/api/books/${c.book.bookId}/progress`, c.ben.token)).mine).toMatchObject({ finished: true, page: null });
    // Cleo is at 60 % (192 pages): the middle part (200) moves her to page 200, unshared as she was.
    await c.progress(c.cleo.token, { percent: 60 });
    await ok(c.club, 'POST', c.partPath(middle!.partId, '/read'), c.cleo.token);
    expect((await ok<BookProgress>(c.club, 'GET', `/api/books/${c.book.bookId}/progress`, c.cleo.token)).mine).toMatchObject({
      page: 200,
      percent: null,
      shared: false,
    });
  });

  it('an unknown part, comment or book is a 404', async () => {
    const first = (await c.readSchedule(c.ann.token)).parts[0]!;
    expect((await c.club.call('GET', c.partPath(99_999, '/comments'), { token: c.ann.token })).body.detail).toBe("This book's schedule has no such part.");
    expect((await c.club.call('GET', `/api/books/99999/parts/${first.partId}/comments`, { token: c.ann.token })).status).toBe(404);
    expect((await c.club.call('PATCH', c.partPath(first.partId, '/comments/99999'), { token: c.ann.token, body: { text: 'x' } })).status).toBe(404);
    expect((await c.club.call('GET', '/api/books/99999/schedule', { token: c.ann.token })).status).toBe(404);
  });
});
