import type { Page } from '@playwright/test';
import type { MeetingQuestions } from '../shared/api/meeting-night';
import type { RoundUpdate } from '../shared/api/rounds';
import { ClubApi } from './club-api';
import { startClubServer, type ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeMembers } from './member-fixtures';
import { ClubApp } from './pages/club-app';
import { scheduleMeeting } from './pages/meetings-page';
import { serveCovers } from './round-fixtures';
import { LANGS, screenshotter } from './screenshots';

// Screenshots of the meeting night (test-results/screenshots/night-*): the room view on a TV at 1920×1080 and
// 1280×720 while the poll is open and once its ranked count is in, and the meeting's page on a phone (390 px)
// as a moderator's remote; in English and Slovak, light and dark.
const shoot = screenshotter('night', { scrollThrough: false });
const SCHEMES = ['light', 'dark'] as const;
const TVS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The members' club on a meeting night about Solaris: four are here, three questions (one current, one a spoiler), a ranked poll of three books half voted. */
async function arrangeEvening(club: ClubServer) {
  const scene = await arrangeMembers(club);
  const member = (name: string) => ClubApi.signIn(club, scene.emails[name]!, scene.memberPassword);
  const [bea, cyril, dana, eva] = await Promise.all(['Bea Reader', 'Cyril Novák', 'Dana Kováčová', 'Eva Horváthová'].map(member));
  const meeting = await scheduleMeeting(scene.admin, {
    startsAt: minutesFromNow(20),
    endsAt: minutesFromNow(140),
    place: 'Café Verne, upstairs room\nHlavná 12, Košice',
    bookId: scene.bookId,
    notes: 'We finish **Solaris**. Bring one passage you would read aloud.',
  });
  const meetingId = meeting.meetingId;
  for (const who of [bea, cyril, dana, scene.admin]) await who!.call('POST', `/api/meetings/${meetingId}/checkin`, {});
  await cyril!.call('POST', `/api/meetings/${meetingId}/rsvp`, { answer: 'going' });
  const ask = (who: ClubApi, text: string, hasSpoilers = false) =>
    who.call<MeetingQuestions>('POST', `/api/meetings/${meetingId}/questions`, { text, hasSpoilers });
  await ask(bea!, 'Kelvin keeps trying to *understand* the ocean. Is the book about the ocean at all, or about the limits of understanding anyone?');
  await ask(cyril!, 'Which scene would you film, if you could film only one?');
  const last = await ask(eva!, 'Why does Kelvin stay on the station at the end?', true);
  await scene.admin.call('PUT', `/api/meetings/${meetingId}/questions/current`, { questionId: last.questions[0]!.questionId });

  // The themes poll is decided first: the evening's poll is the summer round's books, with a third, ranked.
  await scene.admin.closePoll(scene.themePollId);
  const third = await dana!.suggest(scene.openDiscussionId, {
    title: 'Station Eleven',
    author: 'Emily St. John Mandel',
    pageCount: 333,
    text: 'After the end, a travelling theatre.',
  });
  const poll = (await scene.admin.call<RoundUpdate>('POST', `/api/rounds/close-discussion/${scene.openDiscussionId}`, { votingMethod: 'ranked' })).poll!;
  const [moscow, murder] = poll.options.filter((post) => post.postId !== third.postId).map((post) => post.postId);
  await bea!.vote(poll.pollId, [moscow!, murder!]);
  await cyril!.vote(poll.pollId, [murder!, moscow!]);
  await dana!.vote(poll.pollId, [third.postId, moscow!]);
  return {
    ...scene,
    meetingId,
    pollId: poll.pollId,
    finish: () => eva!.vote(poll.pollId, [moscow!, third.postId]).then(() => scene.admin.closePoll(poll.pollId)),
  };
}

async function look(page: Page, lang: string, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((language) => localStorage.setItem('language', language), lang);
}

test('the room view and the phone’s remote, in English and Slovak, light and dark', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const club = await startClubServer({ PUBLIC_URL: 'https://club.riverside.test' });
  try {
    const scene = await arrangeEvening(club);
    const app = new ClubApp(page, club.url);
    await serveCovers(page);
    await app.signInAs(ADMIN);

    // The moderator's phone: the remote, before the count.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await serveCovers(phonePage);
    const phoneApp = new ClubApp(phonePage, club.url);
    await phoneApp.signInAs(ADMIN);
    for (const lang of LANGS) {
      for (const scheme of SCHEMES) {
        await look(phonePage, lang, scheme);
        await phoneApp.goto(`/stretnutia/${scene.meetingId}`);
        await expect(phonePage.getByTestId('tonight-poll')).toBeVisible();
        await expect(phonePage.getByTestId('question')).toHaveCount(3);
        await shoot(phonePage, `remote-${scheme}`, lang, 390);
      }
    }

    for (const state of ['open', 'closed'] as const) {
      if (state === 'closed') await scene.finish();
      for (const lang of LANGS) {
        for (const scheme of SCHEMES) {
          for (const size of TVS) {
            await page.setViewportSize(size);
            await look(page, lang, scheme);
            await app.goto(`/stretnutia/${scene.meetingId}/room`);
            await expect(page.getByTestId('room-poll')).toHaveAttribute('data-phase', state === 'open' ? 'hidden' : 'closed');
            await expect(page.getByTestId('room-qr')).toBeVisible();
            await expect(page.getByTestId('room-book').locator('img')).toBeVisible();
            await shoot(page, `room-${state}-${scheme}-${size.height}`, lang, size.width);
          }
        }
      }
    }
    await phone.close();
  } finally {
    await club.stop();
  }
});
