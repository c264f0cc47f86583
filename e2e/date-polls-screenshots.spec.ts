import type { Page } from '@playwright/test';
import type { DatePoll } from '../shared/api/date-polls';
import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { addMember } from './members';
import { ClubApp } from './pages/club-app';
import { LANGS, screenshotter } from './screenshots';

// Screenshots of a date poll's grid, as a moderator and as a member, and the moderators' form
// (test-results/screenshots/date-polls-*), in English and Slovak, light and dark, at 1280 and 390 px.
const shoot = screenshotter('date-polls', { scrollThrough: false });
const SCHEMES = ['light', 'dark'] as const;

/** An evening this many days ahead, at the hour given (in the machine's zone, which the browser shares). */
function evening(days: number, hour: number, minutes = 0): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setHours(hour, minutes, 0, 0);
  return day.toISOString();
}

/** Four dates, four members who answered them (one left out), and Bea, who has not answered. */
async function arrangePoll(club: ClubServer) {
  const admin = await setUpAsHost(club);
  const names = ['Bea Reader', 'Cyril Novák', 'Dana Kováčová', 'Eva Horváthová', 'Filip Straka'];
  const members = await Promise.all(names.map((name) => addMember(club, { name })));
  const poll = await admin.call<DatePoll>('POST', '/api/date-polls', {
    title: 'Our evening on Solaris',
    options: [
      { startsAt: evening(6, 18, 30), endsAt: evening(6, 21) },
      { startsAt: evening(7, 19), endsAt: evening(7, 21) },
      { startsAt: evening(9, 19), endsAt: null },
      { startsAt: evening(13, 17), endsAt: evening(13, 19, 30) },
    ],
    closesAt: evening(5, 20),
    place: 'Café Verne, upstairs room\nHlavná 12, Košice',
    onlineUrl: 'https://meet.example/riverside-solaris',
  });
  const [a, b, c, d] = poll.options.map((option) => String(option.optionId));
  const answers: Record<string, string>[] = [
    { [a!]: 'yes', [b!]: 'yes', [c!]: 'no', [d!]: 'ifNeedBe' },
    { [a!]: 'ifNeedBe', [b!]: 'yes', [c!]: 'yes', [d!]: 'no' },
    { [a!]: 'no', [b!]: 'ifNeedBe', [c!]: 'yes', [d!]: 'no' },
    { [a!]: 'yes', [b!]: 'yes', [c!]: 'ifNeedBe' },
  ];
  for (const [index, mine] of answers.entries()) {
    const api = await ClubApi.signIn(club, members[index + 1]!.email, members[index + 1]!.password);
    await api.call('PUT', `/api/date-polls/${poll.datePollId}/answers`, { answers: mine });
  }
  await admin.call('PUT', `/api/date-polls/${poll.datePollId}/answers`, { answers: { [a!]: 'yes', [b!]: 'ifNeedBe', [c!]: 'no', [d!]: 'yes' } });
  return { poll, bea: members[0]! };
}

async function look(page: Page, lang: string, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((language) => localStorage.setItem('language', language), lang);
}

test('a date poll’s grid and the moderators’ form, in English and Slovak, light and dark, at 1280 and 390 px', async ({ app, page, club, browser }) => {
  test.setTimeout(240_000);
  const { poll, bea } = await arrangePoll(club);
  await app.signInAs(ADMIN);
  const member = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const memberApp = new ClubApp(await member.newPage(), club.url);
  await memberApp.signInAs(bea);

  for (const lang of LANGS) {
    for (const scheme of SCHEMES) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await look(page, lang, scheme);
        await app.goto(`/stretnutia?datePoll=${poll.datePollId}`);
        await expect(page.getByTestId('date-option')).toHaveCount(4);
        await expect(page.getByTestId('pick-form')).toBeVisible();
        await shoot(page, `moderator-${scheme}`, lang, width);
      }
      // A member with a draft: two dates chosen, not yet saved.
      await look(memberApp.page, lang, scheme);
      await memberApp.goto(`/stretnutia?datePoll=${poll.datePollId}`);
      const options = memberApp.page.getByTestId('date-option');
      await expect(options).toHaveCount(4);
      await options.nth(0).getByRole('radiogroup').locator('label').nth(0).click();
      await options.nth(1).getByRole('radiogroup').locator('label').nth(1).click();
      await shoot(memberApp.page, `member-${scheme}`, lang, 390);
    }
  }

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of LANGS) {
      await look(page, lang, 'light');
      await app.goto('/stretnutia');
      await page.getByTestId('propose-dates').click();
      await page.getByTestId('date-poll-form').locator('button[type="submit"]').click();
      await expect(page.getByTestId('date-poll-form').locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, 'form-errors', lang, width);
    }
  }
  await member.close();
});
