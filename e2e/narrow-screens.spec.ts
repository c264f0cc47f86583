import type { Locator, Page } from '@playwright/test';
import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost, signedInMember } from './host-fixtures';
import { scheduleMeeting } from './pages/meetings-page';
import { LANGS } from './screenshots';

// What a phone (390 px) shows whole: the club's name in the header, and the room view with its way back to
// the meeting's page covering none of it. A club's real name is longer than the tests' usual one.
const SITE_NAME = 'Literárny klub Bratislava';
const PHONE = { width: 390, height: 844 };
const TV = { width: 1280, height: 720 };

const narrowTest = test.extend({
  club: async ({}, use) => {
    const club = await startClubServer({ SITE_NAME, PUBLIC_URL: 'https://klub.example.sk' });
    await use(club);
    await club.stop();
  },
});

/** Whether the element's text is cut: more to it than its box shows, sideways or downwards. */
function isCut(element: Locator) {
  return element.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
}

/**
 * The parts of the room view that `link` covers, by test id, at any point of the page's scroll: their boxes on
 * screen meet its box (a link fixed to the screen's corner sits on whatever scrolls under it).
 */
async function coveredBy(page: Page, link: Locator): Promise<string[]> {
  const parts = ['room-book', 'room-checked-in', 'room-question', 'room-poll', 'room-join'];
  const covered = new Set<string>();
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; ; y = Math.min(end, y + 150)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const box = (await link.boundingBox())!;
    for (const part of parts) {
      const other = await page.getByTestId(part).boundingBox();
      if (!other) continue;
      const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
      if (!apart) covered.add(part);
    }
    if (y >= end) break;
  }
  return [...covered];
}

narrowTest(
  'a phone shows the club’s whole name in the header, and the room view’s way back covers nothing, in English and Slovak',
  async ({ app, club, page }) => {
    const admin = await setUpAsHost(club);
    const bea = await signedInMember(club, 'Bea Reader');
    const round = await admin.startRound({ topic: 'Books', title: 'Winter reads', description: null });
    const solaris = await bea.suggest(round.bookDiscussionId!, {
      title: 'Solaris',
      author: 'Stanisław Lem',
      pageCount: 204,
      text: 'An ocean that may be alive.',
    });
    const poll = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!;
    await bea.vote(poll.pollId, [solaris.postId]);
    const bookId = (await admin.vote(poll.pollId, [solaris.postId])).book!.bookId;
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const meeting = await scheduleMeeting(admin, { startsAt: soon(30), endsAt: soon(150), place: 'Café Verne, upstairs room', bookId });
    await admin.call('POST', `/api/meetings/${meeting.meetingId}/checkin`, {});

    await page.setViewportSize(PHONE);
    await app.signInAs(ADMIN);
    for (const lang of LANGS) {
      await page.evaluate((language) => localStorage.setItem('language', language), lang);
      await app.goto('/');
      await expect(page.getByTestId('member-home')).toBeVisible();
      const name = page.getByTestId('site-name-text');
      await expect(name).toHaveText(SITE_NAME);
      expect(await isCut(name), `the club's name in the ${lang} header at 390 px`).toBe(false);

      for (const size of [PHONE, TV]) {
        await page.setViewportSize(size);
        await app.goto(`/stretnutia/${meeting.meetingId}/room`);
        await expect(page.getByTestId('room-book')).toBeVisible();
        const back = page.getByTestId('room-back');
        await expect(back).toBeVisible();
        expect(await coveredBy(page, back), `what the way back covers in ${lang} at ${size.width} px`).toEqual([]);
      }
      await page.setViewportSize(PHONE);
    }
  },
);
