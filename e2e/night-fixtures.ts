import type { Browser, Page } from '@playwright/test';
import type { Meeting } from '../shared/api/meetings';
import type { RoundUpdate } from '../shared/api/rounds';
import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { expect } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { addMember, type E2eMember } from './members';
import { ClubApp } from './pages/club-app';
import { scheduleMeeting } from './pages/meetings-page';

/** A phone's screen, as the meeting night's remote is used. */
export const PHONE = { width: 390, height: 844 };

/** The room view on a small TV or a projector. */
export const TV = { width: 1280, height: 720 };

export interface NightScene {
  admin: ClubApi;
  members: { bea: E2eMember; cyril: E2eMember; dana: E2eMember; eva: E2eMember };
  api: { bea: ClubApi; cyril: ClubApi; dana: ClubApi; eva: ClubApi };
  meeting: Meeting;
  pollId: number;
  /** The poll's options by title. */
  option: Record<'Solaris' | 'Piranesi' | 'Middlemarch', number>;
}

/** A time this many minutes from now, as the API takes it. */
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * A club on its meeting night: Hana Host (moderator) and four members; a meeting starting in half an hour
 * (check-in is open from an hour before), and a ranked poll of three books, open, nobody has voted yet.
 */
export async function arrangeNight(club: ClubServer): Promise<NightScene> {
  const admin = await setUpAsHost(club);
  const [bea, cyril, dana, eva] = await Promise.all(['Bea Reader', 'Cyril Novák', 'Dana Kováčová', 'Eva Horváthová'].map((name) => addMember(club, { name })));
  const [beaApi, cyrilApi, danaApi, evaApi] = await Promise.all([bea, cyril, dana, eva].map((m) => ClubApi.signIn(club, m!.email, m!.password)));
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads', description: null });
  const discussionId = round.bookDiscussionId!;
  const solaris = await beaApi!.suggest(discussionId, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    text: 'A planet covered by an ocean that may be alive.',
  });
  const piranesi = await cyrilApi!.suggest(discussionId, {
    title: 'Piranesi',
    author: 'Susanna Clarke',
    pageCount: 272,
    text: 'A house of endless halls and tides.',
  });
  const middlemarch = await danaApi!.suggest(discussionId, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'The long book.' });
  const closed = await admin.call<RoundUpdate>('POST', `/api/rounds/close-discussion/${discussionId}`, { votingMethod: 'ranked' });
  const meeting = await scheduleMeeting(admin, { startsAt: minutesFromNow(30), endsAt: minutesFromNow(150), place: 'Café Verne, upstairs room' });
  return {
    admin,
    members: { bea: bea!, cyril: cyril!, dana: dana!, eva: eva! },
    api: { bea: beaApi!, cyril: cyrilApi!, dana: danaApi!, eva: evaApi! },
    meeting,
    pollId: closed.poll!.pollId,
    option: { Solaris: solaris.postId, Piranesi: piranesi.postId, Middlemarch: middlemarch.postId },
  };
}

/** A member signed in on a phone-sized page of their own, on the meeting's page with the live connection up. */
export async function phoneOnMeeting(browser: Browser, club: ClubServer, member: { email: string; password: string }, meetingId: number) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const app = new ClubApp(page, club.url);
  await app.signInAs(member);
  const hub = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  await app.goto(`/stretnutia/${meetingId}`);
  await expect(page.getByTestId('tonight')).toBeVisible();
  await hub;
  return { context, page, app };
}

/** The room view's parts, on whichever page shows it. */
export function room(page: Page) {
  const view = page.getByTestId('room-view');
  return {
    view,
    checkedIn: view.getByTestId('room-checked-in'),
    question: view.getByTestId('room-question'),
    poll: view.getByTestId('room-poll'),
    voted: view.getByTestId('room-voted'),
  };
}
