import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeMembers } from './member-fixtures';
import { answerMeeting, scheduleMeeting } from './pages/meetings-page';
import { serveCovers } from './round-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of the meetings, a meeting, home with the next meeting and the calendar feed card
// (test-results/screenshots/meetings-*).
const shoot = screenshotter('meetings');

/** An evening this many days ahead, at the hour given (in the machine's zone, which the browser shares). */
function evening(days: number, hour: number, minutes = 0): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setHours(hour, minutes, 0, 0);
  return day.toISOString();
}

/** The members' club with a meeting about the current book that most have answered, one online, and a cancelled one. */
async function arrangeMeetings(club: ClubServer) {
  const scene = await arrangeMembers(club);
  const member = (name: string) => ClubApi.signIn(club, scene.emails[name]!, scene.memberPassword);
  const next = await scheduleMeeting(scene.admin, {
    startsAt: evening(4, 18, 30),
    endsAt: evening(4, 21),
    place: 'Café Verne, upstairs room\nHlavná 12, Košice',
    onlineUrl: 'https://meet.example/riverside-solaris',
    bookId: scene.bookId,
    notes: 'We finish **Solaris**. Bring one passage you would read aloud; Hana bakes.',
  });
  await answerMeeting(await member('Bea Reader'), next.meetingId, 'going');
  await answerMeeting(await member('Cyril Novák'), next.meetingId, 'maybe');
  await answerMeeting(await member('Dana Kováčová'), next.meetingId, 'notGoing');
  await answerMeeting(scene.admin, next.meetingId, 'going');
  await scheduleMeeting(scene.admin, {
    startsAt: evening(18, 19),
    onlineUrl: 'https://meet.example/riverside-online',
    notes: 'An online evening for those who travel.',
  });
  const cancelled = await scheduleMeeting(scene.admin, { startsAt: evening(11, 18), place: 'The library café' });
  await scene.admin.call('POST', `/api/meetings/${cancelled.meetingId}/cancel`);
  return { ...scene, nextMeetingId: next.meetingId };
}

for (const width of [1280, 390]) {
  test(`meetings, a meeting, home and the calendar feed at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(180_000);
    const scene = await arrangeMeetings(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');

      await app.goto('/');
      await expect(page.getByTestId('next-meeting')).toBeVisible();
      await shoot(page, 'home', lang, width);

      await app.goto('/stretnutia');
      await expect(page.getByTestId('meeting')).toHaveCount(3);
      await shoot(page, 'list', lang, width);

      await page.getByTestId('schedule-meeting').click();
      await page.getByTestId('meeting-form').locator('button[type="submit"]').click();
      await expect(page.getByTestId('meeting-form').locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, 'form-errors', lang, width);

      await app.goto(`/stretnutia/${scene.nextMeetingId}`);
      await expect(page.getByTestId('rsvp-choice')).toBeVisible();
      await shoot(page, 'meeting', lang, width);

      await page.getByTestId('edit-meeting').click();
      await expect(page.getByTestId('meeting-form')).toBeVisible();
      await shoot(page, 'meeting-edit', lang, width);

      await app.goto(`/my/${encodeURIComponent(ADMIN.email)}`);
      const card = page.getByTestId('calendar-feed');
      await card.getByTestId('make-calendar-feed').click();
      await expect(card.getByTestId('calendar-feed-url')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shoot(page, 'feed', lang, width);
      await card.getByRole('button', { name: lang === 'en' ? 'Turn off' : 'Vypnúť' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'en' ? 'Turn off' : 'Vypnúť' })
        .click();
      await expect(card.getByTestId('make-calendar-feed')).toBeVisible();
    }
  });
}
