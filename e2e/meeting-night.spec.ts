import { startClubServer, type ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeNight, phoneOnMeeting, room, TV, type NightScene } from './night-fixtures';
import { ClubApp } from './pages/club-app';

// The meeting night (issue 28): a moderator has the room view on the TV while members check in, add a question
// and vote from their phones; every change shows in the room within a second. One club for the spec's tests,
// which run in turn: the second uses the evening the first left behind.
const LIVE = { timeout: 1000 };

const nightTest = test.extend<{ scene: NightScene }, { nightClub: { club: ClubServer; scene: NightScene } }>({
  nightClub: [
    async ({}, use) => {
      const club = await startClubServer();
      await use({ club, scene: await arrangeNight(club) });
      await club.stop();
    },
    { scope: 'worker' },
  ],
  club: async ({ nightClub }, use) => use(nightClub.club),
  scene: async ({ nightClub }, use) => use(nightClub.scene),
});

nightTest.describe.configure({ mode: 'serial', timeout: 120_000 });

nightTest(
  'the room follows the evening live: check-ins, a question, a ranked vote, the current question, the rounds of counting',
  async ({ app, browser, club, page, scene }) => {
    const meetingId = scene.meeting.meetingId;
    // The moderator's TV: the room view at 1280×720, the live connection up.
    await page.setViewportSize(TV);
    await app.signInAs(ADMIN);
    const hub = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
    await app.goto(`/stretnutia/${meetingId}/room`);
    const tv = room(page);
    await expect(tv.view).toBeVisible();
    await hub;
    await expect(tv.view.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tv.checkedIn).toContainText('Nobody has checked in yet');
    await expect(tv.poll).toHaveAttribute('data-phase', 'hidden');
    await expect(tv.voted).toHaveText('0 of 5 have voted');
    await expect(page.getByTestId('room-options')).toContainText('Middlemarch');

    const bea = await phoneOnMeeting(browser, club, scene.members.bea, meetingId);
    const cyril = await phoneOnMeeting(browser, club, scene.members.cyril, meetingId);
    const dana = await phoneOnMeeting(browser, club, scene.members.dana, meetingId);

    // Each member taps "I'm here": the room lists them within a second.
    for (const [phone, name] of [
      [bea, 'Bea Reader'],
      [cyril, 'Cyril Novák'],
      [dana, 'Dana Kováčová'],
    ] as const) {
      await phone.page.getByTestId('check-in-button').click();
      await expect(tv.checkedIn.getByText(name)).toBeVisible(LIVE);
      await expect(phone.page.getByTestId('checked-in')).toContainText('You are checked in.');
    }
    await expect(tv.checkedIn).toContainText('Here tonight: 3');
    // A check-in taken back leaves the room, and comes back.
    await dana.page.getByTestId('check-out').click();
    await expect(tv.checkedIn.getByText('Dana Kováčová')).toBeHidden(LIVE);
    await dana.page.getByTestId('check-in-button').click();
    await expect(tv.checkedIn.getByText('Dana Kováčová')).toBeVisible(LIVE);

    // Cyril adds a question; an empty one is refused first, and the text typed stays after a refusal.
    const form = cyril.page.getByTestId('add-question');
    await form.getByRole('button', { name: 'Add the question' }).click();
    await expect(form.getByText('Please write the question.')).toBeVisible();
    await form.getByLabel('Your question').fill('Why does the ocean *repeat* what the scientists remember?');
    await form.getByRole('button', { name: 'Add the question' }).click();
    await expect(tv.question).toContainText('1 question is waiting', LIVE);
    await expect(form.getByLabel('Your question')).toHaveValue('');
    await expect(bea.page.getByTestId('question')).toContainText('Why does the ocean repeat', LIVE);

    // The ranked ballots, on the phones' remote (Eva's, the fourth, through the API): the room counts who has
    // voted, never how, while the poll is open.
    const { Solaris, Middlemarch } = scene.option;
    const rankings: [typeof bea, string[]][] = [
      [bea, ['Solaris', 'Piranesi']],
      [cyril, ['Solaris', 'Middlemarch']],
      [dana, ['Piranesi', 'Solaris']],
    ];
    for (const [index, [phone, titles]] of rankings.entries()) {
      const ballot = phone.page.getByTestId('tonight-poll').getByTestId('ranked-vote-form');
      for (const title of titles) await ballot.getByRole('button', { name: `Add ${title} to the ranking`, exact: true }).click();
      await ballot.getByRole('button', { name: 'Vote', exact: true }).click();
      await expect(tv.voted).toHaveText(`${index + 1} of 5 ${index === 0 ? 'has' : 'have'} voted`, LIVE);
      await expect(phone.page.getByTestId('tonight-vote')).toHaveText('See the poll');
    }
    await scene.api.eva.vote(scene.pollId, [Middlemarch, Solaris]);
    await expect(tv.voted).toHaveText('4 of 5 have voted', LIVE);
    await expect(tv.poll).toHaveAttribute('data-phase', 'hidden');
    await expect(tv.poll.getByTestId('room-bar')).toHaveCount(0);
    await expect(bea.page.getByTestId('tonight-voted')).toHaveText('4 of 5 have voted');
    await expect(bea.page.getByTestId('tonight-vote')).toHaveAttribute('href', `/hlasovania/${scene.pollId}`);

    // The moderator's phone (another tab): marks the question current, reveals the votes.
    const remote = await page.context().newPage();
    await remote.setViewportSize({ width: 390, height: 844 });
    const remoteApp = new ClubApp(remote, club.url);
    await remoteApp.goto(`/stretnutia/${meetingId}`);
    await remote.getByTestId('discuss-now').click();
    await expect(tv.question.getByTestId('room-current-question')).toContainText('Why does the ocean repeat', LIVE);
    await expect(cyril.page.getByTestId('tonight-question')).toContainText('Why does the ocean repeat', LIVE);
    await expect(remote.getByTestId('question-current')).toBeVisible();

    // Eva came without answering: the moderator finds her by name and checks her in.
    const others = remote.getByTestId('check-in-others');
    await expect(others.getByRole('checkbox')).toHaveCount(3);
    await others.getByRole('searchbox', { name: 'Find a member' }).fill('Horv');
    const eva = others.getByRole('checkbox', { name: 'Eva Horváthová' });
    await expect(eva).not.toBeChecked();
    // Ticked once the club has her in (the box follows the meeting, not the click).
    await eva.click();
    await expect(tv.checkedIn.getByText('Eva Horváthová')).toBeVisible(LIVE);
    await expect(others.getByRole('checkbox', { name: 'Eva Horváthová' })).toBeChecked();
    await expect(tv.checkedIn).toContainText('Here tonight: 4');
    // Once here, she is among those listed; a search that finds only them says so.
    await expect(others.getByTestId('check-in-found')).toHaveCount(0);
    await expect(others).toContainText('Everyone who matches is listed above.');
    await others.getByRole('searchbox', { name: 'Find a member' }).fill('Nobody by this name');
    await expect(others).toContainText('No member matches “Nobody by this name”.');

    await remote.getByTestId('reveal-votes').click();
    await remote.getByRole('dialog').getByRole('button', { name: 'Reveal the votes' }).click();
    await expect(tv.poll).toHaveAttribute('data-phase', 'revealed', LIVE);

    // Closed: the room shows each round of the count, who was eliminated, and the winner.
    await scene.admin.closePoll(scene.pollId);
    await expect(tv.poll).toHaveAttribute('data-phase', 'closed', LIVE);
    const rounds = tv.poll.getByTestId('room-round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0)).toContainText('Round 1');
    await expect(rounds.nth(0)).toContainText('Out: ');
    await expect(rounds.nth(1)).toContainText('Final count');
    await expect(tv.poll.getByTestId('room-winner')).toHaveText('Chosen: Solaris');
    await expect(bea.page.getByTestId('tonight-vote')).toHaveText('See the result', LIVE);

    for (const phone of [bea, cyril, dana]) await phone.context.close();
    await remote.close();
  },
);

nightTest('the display link opens the room on a TV nobody signs in on, live, until it is turned off', async ({ app, browser, club, page, scene }) => {
  const meetingId = scene.meeting.meetingId;
  await app.signInAs(ADMIN);
  await app.goto(`/stretnutia/${meetingId}`);
  const card = page.getByTestId('display-link');
  await card.getByTestId('make-display-link').click();
  const address = await card.getByRole('textbox', { name: 'The display link' }).inputValue();
  expect(address).toMatch(/\/room\/[A-Za-z0-9_-]{43}$/);
  // The club names itself by the address the moderator asked on; the test's server is that address.
  const url = new URL(new URL(address).pathname, club.url).href;

  const tvContext = await browser.newContext({ viewport: TV });
  const tvPage = await tvContext.newPage();
  const hub = tvPage.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  await tvPage.goto(url);
  const tv = room(tvPage);
  await expect(tv.view).toBeVisible();
  await hub;
  await expect(tv.view).toHaveAttribute('data-meeting-id', String(meetingId));
  // What members see, no more: the names of who is here, the current question; no sign-in anywhere.
  await expect(tv.checkedIn).toContainText('Bea Reader');
  await expect(tv.question.getByTestId('room-current-question')).toContainText('Why does the ocean repeat');
  await expect(tvPage.getByTestId('login-toggle')).toHaveCount(0);

  // Live through the hub with the link's token: Eva checks in, a second question is added and made current.
  await scene.api.eva.call('POST', `/api/meetings/${meetingId}/checkin`, {});
  await expect(tv.checkedIn.getByText('Eva Horváthová')).toBeVisible(LIVE);
  const questions = await scene.api.eva.call<{ questions: { questionId: number }[] }>('POST', `/api/meetings/${meetingId}/questions`, {
    text: 'Would you have stayed on the station?',
    hasSpoilers: true,
  });
  await scene.admin.call('PUT', `/api/meetings/${meetingId}/questions/current`, { questionId: questions.questions.at(-1)!.questionId });
  await expect(tv.question.getByTestId('room-current-question')).toContainText('Would you have stayed on the station?', LIVE);
  await expect(tv.question.getByTestId('room-spoiler-badge')).toBeVisible();

  // Turned off: the screen says the link is gone.
  await card.getByTestId('turn-off-display-link').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(tvPage.getByTestId('display-gone')).toContainText('This display link is gone');
  await expect(tv.view).toHaveCount(0);
  await tvContext.close();
});
