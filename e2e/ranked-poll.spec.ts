import type { CDPSession, Locator, Page } from '@playwright/test';
import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost, signedInMember } from './host-fixtures';
import { addMember } from './members';
import { ClubApp } from './pages/club-app';
import { DiscussionPage } from './pages/discussion-page';
import { PollPage } from './pages/poll-page';
import { OTHER_BALLOTS, rankedRound } from './ranked-fixtures';

// A ranked-choice poll end to end (DECISIONS.md, "Ranked choice and check-in"): chosen when the discussion
// closes, ranked by keyboard alone and by a finger on a phone, counted in rounds of instant runoff.

/** Presses Tab (Shift+Tab backwards) until `target` has focus, as a keyboard user would get there. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * A finger's drag from the middle of `from` to `toY`, in steps, as touch events (the page has touch). The
 * finger rests before it lifts, as one does on the spot: lifted while moving, it would be a fling, and the
 * browser takes the next tap as the one that stops the fling (no click).
 */
async function touchDrag(page: Page, cdp: CDPSession, from: Locator, toY: number) {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await touch('touchStart', [{ x, y }]);
  for (let step = 1; step <= 6; step++) await touch('touchMove', [{ x, y: y + ((toY - y) * step) / 6 }]);
  await page.waitForTimeout(200);
  await touch('touchMove', [{ x, y: toY }]);
  await touch('touchEnd', []);
  await cdp.detach();
}

test('a ranked poll: chosen on closing, ranked by keyboard and by touch on a phone, its rounds and winner shown once closed', async ({
  app,
  page,
  club,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await setUpAsHost(club);
  const [bea, cyril] = [await addMember(club, { name: 'Bea Reader' }), await addMember(club, { name: 'Cyril Novák' })];
  const others = await Promise.all(['Dora Dvořák', 'Eva Horváthová', 'Fero Malý', 'Gita Veselá'].map((name) => signedInMember(club, name)));
  const round = await rankedRound(admin, await ClubApi.signIn(club, bea.email, bea.password), 'Winter reads');

  // The moderator chooses ranked choice in the close dialog (approval unless chosen).
  await app.signInAs(ADMIN);
  const discussion = new DiscussionPage(app);
  await discussion.goto(round.discussionId);
  await discussion.closeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Close the discussion?' });
  await expect(dialog.getByRole('radio', { name: 'Approval' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Ranked choice' }).check();
  await dialog.getByRole('button', { name: 'Close and start the vote' }).click();
  await expect(dialog).toBeHidden();
  await discussion.goToPoll.click();
  const poll = new PollPage(app);
  await expect(poll.rankedBallot).toBeVisible();
  await expect(poll.ballot).toHaveCount(0);
  const pollId = Number(new URL(page.url()).pathname.split('/').pop());
  for (const [index, ballot] of OTHER_BALLOTS.entries())
    await others[index]!.vote(
      pollId,
      ballot.map((book) => round.postIds[book]),
    );

  // Cyril, on a phone: adds two options with taps, then drags Dune above Solaris with his finger.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phonePage = await phone.newPage();
  const cyrilApp = new ClubApp(phonePage, club.url);
  await cyrilApp.signInAs(cyril);
  const cyrilPoll = new PollPage(cyrilApp);
  await cyrilPoll.goto(pollId);
  await cyrilPoll.rankControl('Add Solaris to the ranking').tap();
  await cyrilPoll.rankControl('Add Dune to the ranking').tap();
  await expect(cyrilPoll.ranking).toHaveText(['Solaris', 'Dune']);
  const solarisBox = (await cyrilPoll.rankedBallot.getByTestId('ranked-option').first().boundingBox())!;
  const duneHandle = cyrilPoll.rankedBallot.getByTestId('ranked-option').filter({ hasText: 'Dune' }).getByTestId('drag-handle');
  await touchDrag(phonePage, await phone.newCDPSession(phonePage), duneHandle, solarisBox.y + 4);
  await expect(cyrilPoll.ranking).toHaveText(['Dune', 'Solaris']);
  await expect(cyrilPoll.announcement).toHaveText('Dune is now 1st of 2');
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  phonePage.on('request', (r) => console.log('REQ', r.method(), r.url()));
  await phonePage.evaluate(() =>
    ['click', 'pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchend', 'touchcancel'].forEach((type) =>
      document.addEventListener(type, (e) => console.log('EV', type, (e.target as Element).outerHTML.slice(0, 60)), true),
    ),
  );
  phonePage.on('console', (m) => console.log('CONSOLE', m.text()));
  await phonePage.waitForTimeout(500);
  console.log('focused', await phonePage.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)));
  await cyrilPoll.rankControl('Vote').tap();
  await phonePage.waitForTimeout(1000);
  console.log('after', await phonePage.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)), await phonePage.getByTestId('vote-error').count());
  await expect(cyrilPoll.results.getByTestId('my-ranking').getByRole('listitem')).toHaveText(['Dune', 'Solaris']);
  await phone.close();

  // Bea, with the keyboard alone: Tab to a control, Enter or Space to use it; focus stays with what she moves.
  await app.signInAs(bea);
  await poll.goto(pollId);
  await tabTo(page, poll.rankControl('Add Solaris to the ranking'));
  await page.keyboard.press('Enter');
  await expect(poll.rankControl('Add Ulysses to the ranking')).toBeFocused();
  await expect(poll.announcement).toHaveText('Solaris added to your ranking: 1st of 1');
  await tabTo(page, poll.rankControl('Add Dune to the ranking'), true);
  await page.keyboard.press('Space');
  await expect(poll.ranking).toHaveText(['Solaris', 'Dune']);
  await tabTo(page, poll.rankControl('Move Dune up'), true);
  await page.keyboard.press('Enter');
  await expect(poll.ranking).toHaveText(['Dune', 'Solaris']);
  await expect(poll.rankControl('Move Dune up')).toBeFocused();
  await expect(poll.announcement).toHaveText('Dune is now 1st of 2');
  await page.keyboard.press('Tab');
  await expect(poll.rankControl('Move Dune down')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(poll.ranking).toHaveText(['Solaris', 'Dune']);
  await expect(poll.rankControl('Move Dune down')).toBeFocused();
  await expect(poll.announcement).toHaveText('Dune is now 2nd of 2');
  // An option added and taken out again: focus passes to the option before it.
  await tabTo(page, poll.rankControl('Add Emma to the ranking'));
  await page.keyboard.press('Enter');
  await expect(poll.ranking).toHaveText(['Solaris', 'Dune', 'Emma']);
  await tabTo(page, poll.rankControl('Remove Emma from the ranking'), true);
  await page.keyboard.press('Enter');
  await expect(poll.rankControl('Remove Dune from the ranking')).toBeFocused();
  await expect(poll.announcement).toHaveText('Emma removed from your ranking');
  await tabTo(page, poll.rankControl('Vote'));
  await page.keyboard.press('Enter');
  await expect(poll.results.getByTestId('my-ranking').getByRole('listitem')).toHaveText(['Solaris', 'Dune']);
  // Six ballots so far: three rounds, Dune ahead with more than half in the last.
  await expect(poll.rounds).toHaveCount(3);
  await expect(poll.rounds.last().getByTestId('round-ending')).toHaveText('Dune has more than half of the votes so far.');

  // The moderator closes the vote: each round's counts, what it eliminated, and the winner.
  await app.signInAs(ADMIN);
  await poll.goto(pollId);
  await poll.closeVote();
  await expect(poll.outcome.getByTestId('winner-title')).toHaveText('Dune');
  await expect(poll.rounds).toHaveCount(3);
  const [first, second, last] = [poll.rounds.nth(0), poll.rounds.nth(1), poll.rounds.nth(2)];
  await expect(first.getByRole('heading')).toHaveText('Round 1');
  await expect(first.getByTestId('result-row').filter({ hasText: 'Dune' })).toContainText('3 votes · 50 %');
  await expect(first.getByTestId('round-eliminated')).toHaveText('Eliminated: Ulysses');
  await expect(second.getByTestId('round-eliminated')).toHaveText('Eliminated: Emma');
  await expect(last.getByTestId('result-row')).toHaveText([/Dune.*4 votes · 66 %/, /Solaris.*2 votes · 33 %/]);
  await expect(last.getByTestId('round-ending')).toHaveText('Dune has more than half of the votes and wins.');
  await expect(last.locator('[data-winner]')).toContainText('Dune');
});
