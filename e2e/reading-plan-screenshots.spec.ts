import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { signedInMember } from './host-fixtures';
import { arrangeLongBook, daysAhead, plan } from './reading-plan-fixtures';
import { LANGS, screenshotter } from './screenshots';

// Screenshots of the reading plan (test-results/screenshots/plan-*): a book's schedule as a timeline, a part
// sealed for a member who has not reached it, a part's discussion, and the moderators' editor; in English and
// Slovak, at 1280 and 390 px, light and dark.
const shoot = screenshotter('plan', { scrollThrough: false });
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 390];

async function look(page: Page, width: number, lang: string, scheme: (typeof SCHEMES)[number]) {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((language) => localStorage.setItem('language', language), lang);
}

test('the reading plan: timeline, a sealed part, a part’s discussion and the editor', async ({ app, page, club }) => {
  test.setTimeout(240_000);
  const scene = await arrangeLongBook(club);
  const { parts } = await plan.setSchedule(scene.admin, scene.bookId, [
    { title: 'Chapters 1–5: The Envoy', toPage: 80, dueOn: daysAhead(-3, 23) },
    { title: 'Chapters 6–10: Orgoreyn', toPage: 160, dueOn: daysAhead(3, 23) },
    { title: 'Chapters 11–15: Pulefen Farm', toPage: 240, dueOn: daysAhead(10, 23) },
    { title: 'Chapters 16–20: The Ice', toPage: 320, dueOn: daysAhead(17, 23) },
  ]);
  const [first, second] = [parts[0]!, parts[1]!];
  const eva = await signedInMember(club, 'Eva Horváthová');
  for (const who of [scene.admin, eva]) for (const part of [first, second]) await plan.reveal(who, scene.bookId, part.partId);
  await plan.comment(eva, scene.bookId, first.partId, 'Genly Ai’s first report reads like an **anthropologist’s notebook**: he never quite trusts the king.');
  await plan.comment(scene.admin, scene.bookId, first.partId, 'Did anyone else feel sorry for Estraven already? ::He is exiled by the end of chapter 3.::');
  await plan.comment(eva, scene.bookId, first.partId, 'The Handdara chapter is my favourite so far.');
  for (const text of ['Orgoreyn’s bureaucracy is chilling.', 'The commensals!', 'Is Genly naive or just polite?'])
    await plan.comment(eva, scene.bookId, second.partId, text);
  await plan.progress(scene.beaApi, scene.bookId, 100);
  await plan.meeting(scene.admin, scene.bookId, daysAhead(18, 19));

  await app.signInAs(scene.bea);
  for (const lang of LANGS)
    for (const width of WIDTHS)
      for (const scheme of SCHEMES) {
        await look(page, width, lang, scheme);
        await app.goto(`/knihy/${scene.bookId}`);
        await expect(page.getByTestId('timeline-part')).toHaveCount(4);
        await page.getByTestId('reading-plan').scrollIntoViewIfNeeded();
        await shoot(page, `timeline-${scheme}`, lang, width);
        await app.goto(`/knihy/${scene.bookId}/casti/${second.partId}`);
        await expect(page.getByTestId('sealed-count')).toBeVisible();
        await shoot(page, `sealed-${scheme}`, lang, width);
        await app.goto(`/knihy/${scene.bookId}/casti/${first.partId}`);
        await expect(page.getByTestId('part-comment')).toHaveCount(3);
        await shoot(page, `discussion-${scheme}`, lang, width);
      }

  await app.signOut();
  await app.signInAs(ADMIN);
  for (const lang of LANGS)
    for (const width of WIDTHS) {
      await look(page, width, lang, 'light');
      await app.goto(`/knihy/${scene.bookId}`);
      await page.getByTestId('edit-schedule').click();
      await expect(page.getByTestId('editor-row')).toHaveCount(4);
      await shoot(page, 'editor-light', lang, width);
    }
});
