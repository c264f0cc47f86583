import type { Page } from '@playwright/test';
import type { Poll } from '../shared/api/polls';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { DiscussionPage } from './pages/discussion-page';
import { PollPage } from './pages/poll-page';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';
import type { ClubServer } from './club-server';

// A poll's deadline: a moderator sets it when closing the discussion (or later), members see the time
// left, and at the deadline the poll closes itself, live on the pages of those watching.

/** A moment `ms` from now as the browser's datetime-local input writes it, in the browser's own time zone. */
function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, ms);
}

/** A Books round whose discussion holds Bea's and Cyril's suggestions. */
async function arrangeDiscussion(club: ClubServer) {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');
  const round = await admin.startRound({ topic: 'Books', title: 'Winter 2027' });
  const discussionId = round.bookDiscussionId!;
  await beaApi.suggest(discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'A planet that thinks.' });
  await cyrilApi.suggest(discussionId, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 272, text: 'A house of endless halls.' });
  return { admin, bea, beaApi, cyrilApi, discussionId };
}

const DAY = 24 * 60 * 60 * 1000;

test('a moderator sets the deadline on closing the discussion; a member watching sees the vote close itself at it, without reloading', async ({
  app,
  page,
  club,
  browser,
}) => {
  test.setTimeout(90_000);
  const { admin, bea, beaApi, discussionId } = await arrangeDiscussion(club);

  await app.signInAs(ADMIN);
  const discussion = new DiscussionPage(app);
  await app.goto(`/navrhy/${discussionId}`);
  await discussion.closeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Close the discussion?' });
  const deadline = dialog.getByLabel('Closes at');
  // A deadline in the past is refused on its field, which takes focus; the dialog stays open.
  await deadline.fill(await localInput(page, -DAY));
  await dialog.getByRole('button', { name: 'Close and start the vote' }).click();
  await expect(dialog.getByText('The deadline must be in the future.')).toBeVisible();
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');
  await expect(deadline).toBeFocused();
  await deadline.fill(await localInput(page, 2 * DAY + 60 * 60 * 1000));
  await dialog.getByRole('button', { name: 'Close and start the vote' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.toast('The discussion is closed and the vote is open')).toBeVisible();
  await discussion.goToPoll.click();
  const pollId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('poll-time-left')).toHaveText(/^Voting closes in 2 days( 1 hour)?\.$/);
  await expect(page.getByTestId('poll-deadline-card').getByLabel('Closes at')).not.toHaveValue('');

  // Bea votes, then watches the poll page with the live connection open.
  const [solaris] = (await admin.poll(pollId)).poll.options;
  await beaApi.vote(pollId, [solaris!.postId]);
  const beaContext = await browser.newContext();
  const beaApp = new ClubApp(await beaContext.newPage(), club.url);
  await beaApp.signInAs(bea);
  const hubSocket = beaApp.page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  const beaPoll = new PollPage(beaApp);
  await beaPoll.goto(pollId);
  await hubSocket;
  await expect(beaApp.page.getByTestId('poll-time-left')).toHaveText(/^Voting closes in 2 days/);

  // The moderator moves the deadline to a few seconds from now: Bea's page follows at once.
  const soon = new Date(Date.now() + 5_000).toISOString();
  const moved = await admin.call<Poll>('PATCH', `/api/polls/${pollId}`, { closesAt: soon });
  expect(moved.closesAt).toBe(soon);
  await expect(beaApp.page.getByTestId('poll-time-left')).toHaveText('Voting closes in 1 minute.');

  // At the deadline it closes itself, and Bea sees the result without reloading.
  await expect(beaApp.page.getByTestId('poll-closed')).toBeVisible({ timeout: 20_000 });
  await expect(beaPoll.outcome).toContainText('Solaris');
  await expect(beaApp.page.getByTestId('poll-deadline')).toHaveCount(0);
  expect((await admin.poll(pollId)).poll).toMatchObject({ isClosed: true, followupLink: { kind: 'Book' } });
  await beaContext.close();
});

test('moderators clear the deadline on the poll page, and members are told no more', async ({ app, page, club }) => {
  const { admin, discussionId } = await arrangeDiscussion(club);
  const pollId = (
    await admin.call<{ discussion: { pollId: number } }>('POST', `/api/rounds/close-discussion/${discussionId}`, {
      closesAt: new Date(Date.now() + 3 * DAY).toISOString(),
    })
  ).discussion.pollId;
  await app.signInAs(ADMIN);
  await new PollPage(app).goto(pollId);
  await expect(page.getByTestId('poll-time-left')).toHaveText(/^Voting closes in (2|3) days/);
  await page.getByTestId('clear-deadline').click();
  await expect(app.toast('The deadline is removed')).toBeVisible();
  await expect(page.getByTestId('poll-deadline')).toHaveCount(0);
  expect((await admin.poll(pollId)).poll.closesAt).toBeNull();
  // Set again from the card.
  await page
    .getByTestId('poll-deadline-card')
    .getByLabel('Closes at')
    .fill(await localInput(page, DAY + 2 * 60 * 60 * 1000));
  await page.getByTestId('save-deadline').click();
  await expect(app.toast('The deadline is saved')).toBeVisible();
  await expect(page.getByTestId('poll-time-left')).toHaveText(/^Voting closes in 1 day( 1 hour| 2 hours)?\.$/);
});

const shoot = screenshotter('poll-deadline');
for (const width of [1280, 390]) {
  test(`the poll page with its deadline at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(90_000);
    const { admin, beaApi, discussionId } = await arrangeDiscussion(club);
    const closesAt = new Date(Date.now() + 2 * DAY + 3 * 60 * 60 * 1000 + 30 * 60 * 1000).toISOString();
    const pollId = (await admin.call<{ discussion: { pollId: number } }>('POST', `/api/rounds/close-discussion/${discussionId}`, { closesAt })).discussion
      .pollId;
    const [solaris] = (await admin.poll(pollId)).poll.options;
    await beaApi.vote(pollId, [solaris!.postId]);
    await signInAsAdmin(app, width);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.goto('/');
      await expect(page.getByTestId('poll-time-left')).toBeVisible();
      await shoot(page, 'home', lang, width);
      await new PollPage(app).goto(pollId);
      await expect(page.getByTestId('poll-deadline-card')).toBeVisible();
      await expect(page.getByTestId('poll-time-left')).toHaveText(
        lang === 'en' ? /Voting closes in 2 days 3 hours/ : /Do konca hlasovania zostáva 2 dni 3 hodiny/,
      );
      await shoot(page, 'poll', lang, width);
    }
  });
}
