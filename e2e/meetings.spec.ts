import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import type { Meeting } from '../shared/api/meetings';
import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { addMember, type E2eMember } from './members';
import { ClubApp } from './pages/club-app';
import { answerMeeting, dayFromNow, MeetingsPage, scheduleMeeting } from './pages/meetings-page';
import { arrangeClub } from './round-fixtures';

/** A member signed in, in a browser of their own, with the meeting open and the live connection up. */
async function memberOnMeeting(browser: Browser, club: ClubServer, member: E2eMember, meetingId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const app = new ClubApp(page, club.url);
  await app.signInAs(member);
  const hubSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  const meetings = new MeetingsPage(app);
  await meetings.goto(meetingId);
  await hubSocket;
  return { context, app, meetings };
}

test('a moderator schedules a meeting; members answer and see each other, the new time and the cancellation live', async ({ app, browser, club, page }) => {
  await setUpAsHost(club);
  const [bea, cyril] = await Promise.all([addMember(club, { name: 'Bea Reader' }), addMember(club, { name: 'Cyril Novák' })]);
  await app.signInAs(ADMIN);

  const host = new MeetingsPage(app);
  await app.mainNav.getByRole('link', { name: 'Meetings' }).click();
  await expect(page.getByTestId('meetings-page')).toBeVisible();
  await expect(page.getByTestId('upcoming-meetings')).toContainText('No meeting is planned yet.');
  await page.getByRole('button', { name: 'Schedule a meeting' }).click();
  await host.fill({ day: dayFromNow(7), starts: '19:00', ends: '21:00', place: 'The library café, Main Street 4', notes: 'Read up to **chapter 7**.' });
  await host.form.getByRole('button', { name: 'Schedule the meeting' }).click();
  await expect(app.toast('Meeting scheduled')).toBeVisible();
  await expect(page).toHaveURL(/\/stretnutia\/\d+$/);
  const meetingId = Number(/\/stretnutia\/(\d+)$/.exec(page.url())![1]);
  await expect(host.meeting).toContainText('The library café, Main Street 4');
  await expect(host.meeting.locator('strong')).toHaveText('chapter 7');
  await expect(host.hours).toContainText('7:00');
  await expect(host.summary).toContainText('0 going · 0 maybe · 0 not going');

  const beaView = await memberOnMeeting(browser, club, bea, meetingId);
  const cyrilView = await memberOnMeeting(browser, club, cyril, meetingId);

  // Each answer appears on the other member's screen without a reload.
  await beaView.meetings.answer('Going');
  await expect(cyrilView.meetings.responders('going')).toContainText('Bea Reader');
  await cyrilView.meetings.answer('Maybe');
  await expect(beaView.meetings.responders('maybe')).toContainText('Cyril Novák');
  await expect(beaView.meetings.summary).toContainText('1 going · 1 maybe · 0 not going');
  // A push carries no one's own answer: Bea's stays hers.
  await expect(beaView.meetings.answers.getByRole('radio', { name: 'Going', exact: true })).toBeChecked();
  await expect(host.responders('going')).toContainText('Bea Reader');

  // The event for a calendar app, downloaded signed in.
  const [download] = await Promise.all([beaView.app.page.waitForEvent('download'), beaView.meetings.addToCalendar.click()]);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(ics).toContain('The library café');

  // The moderator moves it an hour later: the members see the new time.
  await page.getByRole('button', { name: 'Edit the meeting' }).click();
  await expect(host.field('Starts at')).toHaveValue('19:00');
  await host.fill({ starts: '20:00', ends: '22:00' });
  await host.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Meeting changed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit the meeting' })).toBeFocused();
  for (const view of [beaView, cyrilView]) {
    await expect(view.meetings.hours).toContainText('8:00');
    await expect(view.meetings.hours).not.toContainText('7:00');
  }

  // And cancels it: marked cancelled everywhere, answers closed.
  await page.getByRole('button', { name: 'Cancel the meeting' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the meeting' }).click();
  await expect(app.toast('Meeting cancelled')).toBeVisible();
  for (const view of [beaView, cyrilView]) {
    await expect(view.meetings.meeting.getByTestId('meeting-cancelled')).toHaveText('Cancelled');
    await expect(view.meetings.meeting.getByTestId('rsvp-closed')).toContainText('answers are closed');
    await expect(view.meetings.answers).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Edit the meeting' })).toHaveCount(0);
  await beaView.context.close();
  await cyrilView.context.close();
});

test('the form asks what the server asks, and a refusal keeps what was typed beside the field', async ({ app, club, page }) => {
  await setUpAsHost(club);
  await app.signInAs(ADMIN);
  const host = new MeetingsPage(app);
  await host.gotoList();
  await page.getByRole('button', { name: 'Schedule a meeting' }).click();

  await host.fill({ day: dayFromNow(-1), starts: '19:00' });
  await host.form.getByRole('button', { name: 'Schedule the meeting' }).click();
  await expect(host.form.getByText('The meeting must start in the future.')).toBeVisible();
  await expect(host.field('Day')).toBeFocused();

  await host.fill({ day: dayFromNow(3), ends: '18:00' });
  await host.form.getByRole('button', { name: 'Schedule the meeting' }).click();
  await expect(host.form.getByText('The meeting must end after it starts.')).toBeVisible();
  await expect(host.form.getByText('Give a place or an online link (or both).')).toBeVisible();

  // The server refuses the link (as if it knew better): its message shows on the field, and nothing typed is lost.
  await page.route(
    (url) => url.pathname === '/api/meetings',
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              status: 400,
              title: 'Bad request',
              detail: 'Please enter a link starting with http:// or https://.',
              errors: { onlineUrl: ['Please enter a link starting with http:// or https://.'] },
            }),
          })
        : route.fallback(),
  );
  await host.fill({ ends: '', onlineUrl: 'https://meet.example/club' });
  await host.form.getByRole('button', { name: 'Schedule the meeting' }).click();
  await expect(app.toast('Could not schedule the meeting')).toBeVisible();
  await expect(host.form.getByText('Please enter a link starting with http:// or https://.')).toBeVisible();
  await expect(host.field('Online link')).toHaveValue('https://meet.example/club');
  await expect(host.field('Starts at')).toHaveValue('19:00');
});

test("home shows the next meeting, and a book's page the meetings about it", async ({ app, club, page }) => {
  const scene = await arrangeClub(club);
  const bea = await addMember(club, { name: 'Eva Horváthová' });
  const beaApi = await ClubApi.signIn(club, bea.email, bea.password);
  const later = (days: number, hour: number) => {
    const day = new Date(Date.now() + days * 86_400_000);
    day.setHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const soon: Meeting = await scheduleMeeting(scene.admin, { startsAt: later(5, 18), onlineUrl: 'https://meet.example/solaris', bookId: scene.bookId });
  await scheduleMeeting(scene.admin, { startsAt: later(20, 18), place: 'Café Verne' });
  await answerMeeting(beaApi, soon.meetingId, 'going');

  await app.signInAs(bea);
  const next = page.getByTestId('next-meeting');
  await expect(next).toContainText('Next meeting');
  await expect(next.getByRole('link', { name: 'Join online' })).toHaveAttribute('href', 'https://meet.example/solaris');
  await expect(next).toContainText('1 going · 0 maybe · 0 not going');
  await expect(next.getByTestId('next-meeting-answer')).toHaveText('Your answer: Going');
  await next.getByRole('link', { name: 'Go to the meeting' }).click();
  await expect(page).toHaveURL(`${club.url}/stretnutia/${soon.meetingId}`);

  const meetings = new MeetingsPage(app);
  await meetings.meeting.getByRole('link', { name: 'Solaris' }).click();
  const onBook = page.getByTestId('book-meetings');
  await expect(onBook.getByTestId('meeting')).toHaveCount(1);
  await expect(onBook.getByRole('link', { name: 'Join online' })).toBeVisible();
});

/** The feed's address on the test's server (the club names itself by its configured public address, which a test server has not). */
const onClub = (club: ClubServer, url: string) => new URL(new URL(url, club.url).pathname, club.url);

test('the calendar feed card makes a private link that answers a calendar, renews it and turns it off', async ({ app, club, page }) => {
  await setUpAsHost(club);
  const bea = await addMember(club, { name: 'Bea Reader' });
  await app.signInAs(bea);
  await app.goto(`/my/${encodeURIComponent(bea.email)}`);
  const card = page.getByTestId('calendar-feed');
  await expect(card).toContainText('Subscribe in your calendar app to see every meeting and vote deadline.');

  await card.getByRole('button', { name: 'Make a calendar link' }).click();
  await expect(app.toast('Calendar link made')).toBeVisible();
  const first = await card.getByRole('textbox', { name: 'Your calendar link' }).inputValue();
  expect(first).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
  await expect(card).toContainText('it is shown only once');
  const answered = await fetch(onClub(club, first));
  expect(answered.status).toBe(200);
  expect(answered.headers.get('content-type')).toContain('text/calendar');
  expect(await answered.text()).toContain('BEGIN:VCALENDAR');

  await card.getByRole('button', { name: 'Make a new link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
  await expect(card.getByRole('textbox', { name: 'Your calendar link' })).not.toHaveValue(first);
  const second = await card.getByRole('textbox', { name: 'Your calendar link' }).inputValue();
  expect((await fetch(onClub(club, first))).status).toBe(404);

  await card.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(app.toast('Calendar feed turned off')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make a calendar link' })).toBeVisible();
  expect((await fetch(onClub(club, second))).status).toBe(404);

  // After a reload the card knows the feed is off, and never shows an address again.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Make a calendar link' })).toBeVisible();
  await expect(card.getByRole('textbox')).toHaveCount(0);
});
