import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { FOUR_PARTS, startReadingPlanClub, type ReadingPlanClub } from '../../test-support/reading-plan-club';
import { ok } from '../../test-support/round-helpers';

// The "Bad input" for the reading plan: parts out of order, overlapping, past the book's page count, or
// due days not increasing; a part with comments removed by a new schedule; comments on a sealed part; members
// scheduling. Each is a clear translated error (en and sk), and nothing changes.

let c: ReadingPlanClub;
let parts: ReadingPart[];

beforeAll(async () => {
  c = await startReadingPlanClub();
  parts = await c.plan();
  await c.progress(c.ann.token, { page: 100 });
  await c.comment(parts[0]!.partId, c.ann.token, 'The first week’s talk.');
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

/** Everything a refused call could have changed: the schedule and every part's comments, as Ann and the moderator read them. */
async function planState() {
  const schedules = await Promise.all([c.ann, c.mod].map((who) => c.readSchedule(who.token)));
  const comments = await Promise.all(parts.map((part) => c.comments(part.partId, c.ann.token)));
  const progress = await ok(c.club, 'GET', `/api/books/${c.book.bookId}/progress`, c.ann.token);
  return { schedules, comments, progress };
}

/** A refused call: its status and its detail in English and in Slovak. */
async function refused(method: string, path: string, token: string, body?: unknown) {
  const en = await c.club.call(method, path, { token, body });
  const sk = await c.club.call(method, path, { token, body, headers: { 'Accept-Language': 'sk' } });
  expect(sk.status).toBe(en.status);
  return { status: en.status, en: en.body.detail as string, sk: sk.body.detail as string };
}

const schedulePath = () => `/api/books/${c.book.bookId}/schedule`;
/** The four parts as they are, kept by id, with `change` applied to the part at `index`. */
const keptWith = (index: number, change: Record<string, unknown>) =>
  parts.map((part, i) => ({ partId: part.partId, title: part.title, toPage: part.toPage, dueOn: part.dueOn, ...(i === index ? change : {}) }));

describe('a schedule the club refuses', () => {
  it('parts out of order, overlapping, past the page count, due days not increasing, too many, untitled: each a translated 400', async () => {
    const before = await planState();
    const outOfOrder: [string, string] = [
      'The parts must run in order: each ends on a later page than the one before.',
      'Časti musia ísť po poradí: každá končí na neskoršej strane ako predchádzajúca.',
    ];
    const cases: [string, unknown, string, string][] = [
      ['out of order', { parts: keptWith(1, { toPage: 60 }) }, ...outOfOrder],
      ['overlapping (two parts ending on one page)', { parts: keptWith(1, { toPage: 80 }) }, ...outOfOrder],
      [
        'past the page count (320)',
        { parts: keptWith(3, { toPage: 321 }) },
        "A part cannot end past the book's last page.",
        'Časť nemôže končiť za poslednou stranou knihy.',
      ],
      [
        'due days not increasing',
        { parts: keptWith(2, { dueOn: FOUR_PARTS[1]!.dueOn }) },
        'Each part must be due after the one before.',
        'Každá časť musí mať termín neskôr ako predchádzajúca.',
      ],
      [
        '31 parts',
        { parts: Array.from({ length: 31 }, (_, i) => ({ title: `P${i}`, toPage: i + 1, dueOn: new Date(Date.UTC(2026, 10, 1 + i)).toISOString() })) },
        'A schedule has 1 to 30 parts (or none, to clear it).',
        'Plán má 1 až 30 častí (alebo žiadnu, ak ho chcete zrušiť).',
      ],
      ['an untitled part', { parts: keptWith(0, { title: '  ' }) }, 'Give each part a title.', 'Každej časti dajte názov.'],
      [
        'no due day',
        { parts: keptWith(0, { dueOn: undefined }) },
        'Choose the day each part should be read by.',
        'Pri každej časti zvoľte deň, do ktorého ju treba prečítať.',
      ],
      [
        'a page that is no page',
        { parts: keptWith(0, { toPage: 0 }) },
        "Each part's last page must be a page number from 1 to 100000.",
        'Posledná strana každej časti musí byť číslo strany od 1 do 100000.',
      ],
      [
        "another book's part, or one part twice",
        { parts: keptWith(1, { partId: parts[0]!.partId }) },
        "A part kept in the schedule must be one of this book's parts, named once.",
        'Časť ponechaná v pláne musí byť jednou z častí tejto knihy a uvedená len raz.',
      ],
    ];
    for (const [what, body, en, sk] of cases) {
      expect([what, await refused('PUT', schedulePath(), c.mod.token, body)]).toEqual([what, { status: 400, en, sk }]);
    }
    expect(await planState()).toEqual(before);
  });

  it('a new schedule that drops a part with comments is a 409; a member scheduling a 403; nothing changes', async () => {
    const before = await planState();
    expect(await refused('PUT', schedulePath(), c.mod.token, { parts: keptWith(0, {}).slice(1) })).toEqual({
      status: 409,
      en: 'The part “Chapters 1–9” has comments: keep it in the schedule (with its partId) rather than removing it.',
      sk: 'Časť „Chapters 1–9“ má komentáre: ponechajte ju v pláne (s jej partId), namiesto odstránenia.',
    });
    expect(await refused('PUT', schedulePath(), c.ann.token, { parts: FOUR_PARTS })).toEqual({
      status: 403,
      en: 'Sorry, this is a mods-only area.',
      sk: expect.any(String),
    });
    expect(await planState()).toEqual(before);
  });
});

describe('comments the club refuses', () => {
  it('on a sealed part (409), empty (400), or someone else’s to change (403): translated, and nothing changes', async () => {
    const before = await planState();
    expect(await refused('POST', c.partPath(parts[1]!.partId, '/comments'), c.ann.token, { text: 'Ahead of myself' })).toEqual({
      status: 409,
      en: 'You have not reached this part yet: mark it read or choose to show it anyway before commenting.',
      sk: 'K tejto časti ste sa ešte nedostali: označte ju ako prečítanú alebo si ju dajte zobraziť, až potom komentujte.',
    });
    expect(await refused('POST', c.partPath(parts[0]!.partId, '/comments'), c.ann.token, { text: ' ' })).toEqual({
      status: 400,
      en: 'Please write a comment.',
      sk: 'Napíšte komentár.',
    });
    const [comment] = before.comments[0]!.comments;
    await c.progress(c.ben.token, { finished: true });
    const after = await planState();
    expect(await refused('PATCH', c.partPath(parts[0]!.partId, `/comments/${comment!.commentId}`), c.ben.token, { text: 'Ben was here' })).toEqual({
      status: 403,
      en: 'Only its author or a moderator can change or delete this comment.',
      sk: 'Tento komentár môže zmeniť alebo zmazať len jeho autor alebo moderátor.',
    });
    expect(await planState()).toEqual(after);
  });
});
