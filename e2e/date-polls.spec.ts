import type { Browser, BrowserContextOptions } from '@playwright/test';
import type { DatePoll } from '../shared/api/date-polls';
import type { Meeting } from '../shared/api/meetings';
import { audit, describeFindings } from './axe';
import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { addMember, type E2eMember } from './members';
import { ClubApp } from './pages/club-app';
import { DatePollsPage, type GridAnswer } from './pages/date-polls-page';
import { dayFromNow } from './pages/meetings-page';

const PHONE = { width: 390, height: 844 };

/** A member on a phone, signed in, on the poll the mail links, with the live connection up. */
async function memberOnPoll(browser: Browser, club: ClubServer, member: E2eMember, datePollId: number, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  const page = await context.newPage();
  const app = new ClubApp(page, club.url);
  await app.signInAs(member);
  const hubSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  const polls = new DatePollsPage(app);
  await polls.goto(datePollId);
  await hubSocket;
  await expect(page.locator(`[data-date-poll-id="${datePollId}"]`).getByTestId('date-option').first()).toBeVisible();
  return { context, app, polls, poll: polls.poll() };
}

/** The feed's address on the test's server (the club names itself by its configured public address, which a test server has not). */
const onClub = (club: ClubServer, url: string) => new URL(new URL(url, club.url).pathname, club.url);

test('a moderator proposes three dates; three members answer on phones by touch, keyboard and mouse, live; the best becomes the meeting in their calendars', async ({
  app,
  browser,
  club,
  page,
}) => {
  test.setTimeout(90_000);
  await setUpAsHost(club);
  const [tia, kai, mo] = await Promise.all([
    addMember(club, { name: 'Tia Tapper' }),
    addMember(club, { name: 'Kai Keys' }),
    addMember(club, { name: 'Mo Mouse' }),
  ]);

  // The moderator proposes three evenings, in her own zone (named on the form).
  await app.signInAs(ADMIN);
  const host = new DatePollsPage(app);
  await host.goto();
  await page.getByRole('button', { name: 'Propose dates' }).click();
  await expect(host.form.getByTestId('date-poll-zone')).toContainText(Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' '));
  await host.form.getByLabel('Title').fill('Our evening on Solaris');
  // A date in the past is refused beside the dates, and what was typed stays.
  await host.fillDate(0, dayFromNow(-1), '19:00', '21:00');
  await host.fillDate(1, dayFromNow(6), '19:00', '21:00');
  await host.form.getByRole('button', { name: 'Ask the club' }).click();
  await expect(host.form.getByTestId('date-poll-options-error')).toHaveText('Each proposed date must be in the future.');
  await expect(host.form.getByLabel('Title')).toHaveValue('Our evening on Solaris');
  await host.fillDate(0, dayFromNow(5), '19:00', '21:00');
  await host.form.getByRole('button', { name: 'Add a date' }).click();
  // A new row takes the last one's hours, a day later.
  await expect(host.formRow(2).getByLabel(/^Date 3/)).toHaveValue(dayFromNow(7));
  await expect(host.formRow(2).getByLabel(/^Starts/)).toHaveValue('19:00');
  await host.form.getByLabel('Place').fill('Café Verne, upstairs');
  await host.form.getByRole('button', { name: 'Ask the club' }).click();
  await expect(app.toast('Dates proposed')).toBeVisible();
  const hostPoll = host.poll('Our evening on Solaris');
  await expect(hostPoll.getByTestId('date-option')).toHaveCount(3);
  const datePollId = Number(await hostPoll.getAttribute('data-date-poll-id'));
  await expect(hostPoll.getByTestId('not-answered')).toContainText('Not answered yet (4)');
  // A reminder by mail, once a day: a second one the same day is refused, in the member's words.
  await hostPoll.getByRole('button', { name: 'Remind by mail' }).click();
  await expect(app.toast('Reminded 4 members by mail')).toBeVisible();
  await hostPoll.getByRole('button', { name: 'Remind by mail' }).click();
  await expect(app.toast(/Members were reminded less than a day ago/)).toBeVisible();

  const [touch, keys, mouse] = await Promise.all([
    memberOnPoll(browser, club, tia, datePollId, { hasTouch: true, isMobile: true }),
    memberOnPoll(browser, club, kai, datePollId),
    memberOnPoll(browser, club, mo, datePollId),
  ]);
  const axeFindings = await audit(mouse.app.page, 'date poll grid at 390 px');

  // Tia taps: no, yes, if need be.
  const tap = async (index: number, answer: GridAnswer) => {
    await touch.polls.answers(touch.poll, index).getByText(answer, { exact: true }).tap();
    await expect(touch.polls.answers(touch.poll, index).getByRole('radio', { name: answer, exact: true })).toBeChecked();
  };
  await tap(0, 'No');
  await tap(1, 'Yes');
  await tap(2, 'If need be');
  await touch.polls.save(touch.poll).tap();
  await expect(touch.app.toast('Your answers are saved')).toBeVisible();
  for (const view of [keys, mouse]) await expect(view.polls.tally(view.poll, 1, 'yes')).toContainText('Tia Tapper');

  // Kai uses the keyboard alone: the link put focus on the poll's heading; Tab reaches each date's answers,
  // Space chooses, the arrows move within them.
  const keyboard = keys.app.page.keyboard;
  await expect(keys.poll.getByRole('heading', { name: 'Our evening on Solaris' })).toBeFocused();
  await keyboard.press('Tab');
  await expect(keys.polls.answers(keys.poll, 0).getByRole('radio', { name: 'Yes', exact: true })).toBeFocused();
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await keyboard.press('ArrowRight');
  await keyboard.press('ArrowRight');
  await expect(keys.polls.answers(keys.poll, 2).getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  await expect(keys.polls.answers(keys.poll, 0).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(keys.polls.answers(keys.poll, 1).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await keyboard.press('Tab');
  await expect(keys.polls.save(keys.poll)).toBeFocused();
  await keyboard.press('Enter');
  await expect(keys.app.toast('Your answers are saved')).toBeVisible();
  for (const view of [touch, mouse]) await expect(view.polls.tally(view.poll, 0, 'yes')).toContainText('Kai Keys');

  // Mo clicks: if need be, if need be, yes.
  for (const [index, answer] of [
    [0, 'If need be'],
    [1, 'If need be'],
    [2, 'Yes'],
  ] as const)
    await mouse.polls.answers(mouse.poll, index).getByText(answer, { exact: true }).click();
  await mouse.polls.save(mouse.poll).click();
  await expect(mouse.app.toast('Your answers are saved')).toBeVisible();
  for (const view of [touch, keys]) await expect(view.polls.tally(view.poll, 2, 'yes')).toContainText('Mo Mouse');

  // The second evening is best (two yes), marked where it stands; nothing moved.
  for (const view of [touch, keys, mouse]) {
    await expect(view.poll.locator('[data-testid="date-option"][data-best]')).toHaveCount(1);
    await expect(view.polls.option(view.poll, 1)).toHaveAttribute('data-best', 'true');
    await expect(view.polls.option(view.poll, 1)).toContainText('2 yes · 1 if need be · 0 no');
  }
  // Each member's own answers stay theirs.
  await expect(touch.polls.answers(touch.poll, 0).getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  const overflow = await touch.app.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the grid fits a 390 px phone').toBeLessThanOrEqual(0);

  // The moderator sees everyone answered but herself, and picks the best date (chosen to begin with).
  await expect(hostPoll.getByTestId('not-answered')).toContainText('Not answered yet (1): Hana Host');
  const pickForm = hostPoll.getByTestId('pick-form');
  await expect(pickForm.getByLabel('Date')).toHaveValue(String(await optionIdOf(club, datePollId, 1)));
  axeFindings.push(...(await audit(page, 'date poll with moderator tools')));
  await pickForm.getByRole('button', { name: 'Make it the meeting' }).click();
  await expect(app.toast('Date picked')).toBeVisible();
  const meetingLink = host.poll('Our evening on Solaris').getByTestId('picked-meeting-link');
  await expect(meetingLink).toBeVisible();
  const meetingId = Number(/\/stretnutia\/(\d+)$/.exec((await meetingLink.getAttribute('href'))!)![1]);
  for (const view of [touch, keys, mouse]) await expect(view.poll.getByTestId('picked-date')).toContainText('Picked:');

  // The meeting: yes became going, if need be maybe.
  const admin = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
  const meeting = await admin.call<Meeting>('GET', `/api/meetings/${meetingId}`);
  expect(new Set(meeting.rsvp.going)).toEqual(new Set([tia.userId, kai.userId]));
  expect(meeting.rsvp.maybe).toEqual([mo.userId]);
  expect(meeting.place).toBe('Café Verne, upstairs');

  // And it is in each member's calendar feed.
  const starts = meeting.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  for (const member of [tia, kai, mo]) {
    const api = await ClubApi.signIn(club, member.email, member.password);
    const { url } = await api.call<{ url: string }>('POST', '/api/users/calendar-feed');
    const feed = await (await fetch(onClub(club, url))).text();
    const event = feed.split('BEGIN:VEVENT').find((block) => block.includes(`DTSTART:${starts}`));
    expect(event, `${member.name}'s feed has the meeting`).toBeDefined();
    expect(event).toContain('Café Verne');
  }

  expect(axeFindings, describeFindings(axeFindings)).toEqual([]);
  await Promise.all([touch.context.close(), keys.context.close(), mouse.context.close()]);
});

/** The poll's nth date's id, as the server lists them (date order). */
async function optionIdOf(club: ClubServer, datePollId: number, index: number): Promise<number> {
  const admin = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
  const poll = await admin.call<{ options: { optionId: number }[] }>('GET', `/api/date-polls/${datePollId}`);
  return poll.options[index]!.optionId;
}

test('a moderator edits and cancels an open poll, and a deadline closes answers, live on a member’s phone', async ({ app, browser, club, page }) => {
  const admin = await setUpAsHost(club);
  const bea = await addMember(club, { name: 'Bea Reader' });
  const beaApi = await ClubApi.signIn(club, bea.email, bea.password);
  const at = (days: number, hour: number) => {
    const day = new Date(Date.now() + days * 86_400_000);
    day.setHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const poll = await admin.call<DatePoll>('POST', '/api/date-polls', {
    title: 'March evening',
    options: [{ startsAt: at(8, 19) }, { startsAt: at(9, 19) }],
    onlineUrl: 'https://meet.example/club',
  });
  const [first, second] = poll.options.map((option) => String(option.optionId));
  await beaApi.call('PUT', `/api/date-polls/${poll.datePollId}/answers`, { answers: { [first!]: 'yes', [second!]: 'no' } });
  // A second poll whose deadline comes while Bea looks at it.
  const closesAt = new Date(Date.now() + 6000).toISOString();
  await admin.call('POST', '/api/date-polls', {
    title: 'April evening',
    options: [{ startsAt: at(30, 19) }, { startsAt: at(31, 19) }],
    closesAt,
    place: 'The library',
  });

  await app.signInAs(ADMIN);
  const host = new DatePollsPage(app);
  await host.goto(poll.datePollId);
  const beaView = await memberOnPoll(browser, club, bea, poll.datePollId);
  const beaPoll = beaView.polls.poll('March evening');
  const hostPoll = host.poll('March evening');

  // The second date moves an hour later: its answers go, the first keeps Bea's; she sees it without a reload.
  await hostPoll.getByRole('button', { name: 'Edit the poll' }).click();
  await expect(host.formRow(0).getByLabel(/^Starts/)).toHaveValue('19:00');
  await host.form.getByLabel('Title').fill('Our March evening');
  await host
    .formRow(1)
    .getByLabel(/^Starts/)
    .fill('20:00');
  await host.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Date poll changed')).toBeVisible();
  const edited = beaView.polls.poll('Our March evening');
  await expect(edited).toBeVisible();
  await expect(beaView.polls.answers(edited, 0).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(beaView.polls.answers(edited, 1).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(beaView.polls.option(edited, 1)).toContainText(/8:00|20:00/);
  await expect(beaPoll).toHaveCount(0);

  // Cancelled: marked so on Bea's phone, with no answers to give.
  await host.poll('Our March evening').getByRole('button', { name: 'Cancel the poll' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the poll' }).click();
  await expect(app.toast('Date poll cancelled')).toBeVisible();
  await expect(edited.getByTestId('date-poll-cancelled')).toHaveText('Cancelled');
  await expect(edited.getByRole('radiogroup')).toHaveCount(0);

  // The deadline passes while she looks: answers close, and the moderators are to pick.
  const april = beaView.polls.poll('April evening');
  await expect(april.getByTestId('date-poll-waiting')).toContainText('waiting for the moderators to pick', { timeout: 15_000 });
  await expect(april.getByRole('radiogroup')).toHaveCount(0);
  await expect(host.poll('April evening').getByTestId('pick-form')).toBeVisible();
  await beaView.context.close();
});
