import type { Page } from '@playwright/test';
import { audit, describeFindings, type Finding } from './axe';
import { ClubApi } from './club-api';
import { startClubServer, type ClubServer } from './club-server';
import { ClubApp } from './pages/club-app';
import { scheduleMeeting } from './pages/meetings-page';
import { ADMIN, expect, test } from './fixtures';
import { arrangeMembers, type ArrangedMembers } from './member-fixtures';
import { openRankedPoll, rankedRound, type RankedBook } from './ranked-fixtures';
import { reading } from './reading-fixtures';
import { serveCovers } from './round-fixtures';
import { LANGS } from './screenshots';

// An axe-core audit of every screen, for every role that can open it, in both languages at a laptop's and a
// phone's width. Any critical or serious violation fails the build, listed with the elements axe names.
// Besides each page as it loads, the audit opens what a page holds behind a click: the login panel with
// its error, menus, dialogs, the mobile menu, forms with their errors.

type Role = 'visitor' | 'member' | 'moderator' | 'admin';

interface Scene extends ArrangedMembers {
  recommendationId: number;
  meetingId: number;
  /** A meeting starting within the hour: its page is the phones' remote, and its room view is open. */
  nightMeetingId: number;
  /** The path of the club's display link (the room view nobody signs in on). */
  displayPath: string;
  /** A ranked poll nobody has voted in, and one closed after three rounds of counting. */
  openRankedPollId: number;
  closedRankedPollId: number;
  email: (name: string) => string;
}

interface Screen {
  name: string;
  path: (scene: Scene) => string;
  /** Waits for the screen to be ready, then opens what the audit is to look at (a dialog, a form's errors). */
  ready: (page: Page, scene: Scene) => Promise<void>;
  roles: Role[];
  /** Only on narrow screens (the mobile menu exists only there): audited at 390 px, not at 1280. */
  narrowOnly?: boolean;
}

const SIGNED_IN: Role[] = ['member', 'moderator', 'admin'];
const MODERATORS: Role[] = ['moderator', 'admin'];
const ROLES: Role[] = ['visitor', ...SIGNED_IN];

const testId = (id: string) => async (page: Page) => expect(page.getByTestId(id).first()).toBeVisible();
const heading = async (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

/** Who each role is in the arranged club. */
const PERSON: Record<Exclude<Role, 'visitor'>, string> = { member: 'Bea Reader', moderator: 'Cyril Novák', admin: 'Hana Host' };

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: testId('visitor-home'), roles: ['visitor'] },
  {
    name: 'login panel with an error',
    path: () => '/',
    roles: ['visitor'],
    ready: async (page) => {
      // By the toggle's state: the panel may be open already, from the screen before.
      await new ClubApp(page, '').openLoginForm();
      const form = page.locator('#login-panel form');
      await form.locator('input[name="email"]').fill('nobody@riverside.test');
      await form.locator('input[name="password"]').fill('not the password');
      await form.locator('input[name="password"]').press('Enter');
      // The failure's toast: a polite status, not an alert.
      await expect(page.getByRole('status').filter({ hasText: /Login failed|Prihlásenie zlyhalo/ })).toBeVisible();
    },
  },
  { name: 'password reset request', path: () => '/passwordreset', ready: testId('password-reset-page'), roles: ['visitor'] },
  { name: 'password reset new password', path: () => '/passwordreset/someone/a-token', ready: testId('password-reset-page'), roles: ['visitor'] },
  { name: 'not found', path: () => '/no-such-page', ready: heading, roles: ROLES },
  {
    name: 'language menu',
    path: () => '/',
    roles: ROLES,
    ready: async (page) => new ClubApp(page, '').openLanguageMenu(),
  },
  {
    name: 'mobile menu',
    path: () => '/',
    roles: ROLES,
    narrowOnly: true,
    ready: async (page) => {
      await page.getByRole('button', { name: /menu/i }).click();
      await expect(page.getByTestId('mobile-nav').getByRole('link').first()).toBeVisible();
    },
  },
  { name: 'member home', path: () => '/', ready: testId('member-home'), roles: SIGNED_IN },
  { name: 'rounds', path: () => '/navrhy', ready: testId('round-list-page'), roles: SIGNED_IN },
  {
    name: 'open discussion with form errors',
    path: (s) => `/navrhy/${s.openDiscussionId}`,
    roles: SIGNED_IN,
    ready: async (page) => {
      const form = page.getByTestId('new-post');
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'close discussion dialog',
    path: (s) => `/navrhy/${s.openDiscussionId}`,
    roles: MODERATORS,
    ready: async (page) => {
      await page.getByTestId('close-discussion').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'closed discussion', path: (s) => `/navrhy/${s.firstDiscussionId}`, ready: testId('discussion-page'), roles: SIGNED_IN },
  { name: 'single post', path: (s) => `/navrhy/${s.firstDiscussionId}/${s.firstPostId}`, ready: testId('single-post-page'), roles: SIGNED_IN },
  { name: 'open poll', path: (s) => `/hlasovania/${s.themePollId}`, ready: testId('poll-page'), roles: SIGNED_IN },
  {
    name: 'close poll dialog',
    path: (s) => `/hlasovania/${s.themePollId}`,
    roles: MODERATORS,
    ready: async (page) => {
      await page.getByTestId('close-poll').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'closed poll', path: (s) => `/hlasovania/${s.firstPollId}`, ready: testId('poll-results'), roles: SIGNED_IN },
  { name: 'tied poll', path: (s) => `/hlasovania/${s.tiedPollId}`, ready: testId('poll-results'), roles: SIGNED_IN },
  // A moderator's poll page adds only the cards the open poll above shows them: a member's and the admin's
  // (whose screens the reflow check goes through) are enough.
  {
    name: 'ranked ballot with two options ranked',
    path: (s) => `/hlasovania/${s.openRankedPollId}`,
    roles: ['member', 'admin'],
    ready: async (page) => {
      const ballot = page.getByTestId('ranked-vote-form');
      for (const ranked of [1, 2]) {
        await ballot.getByTestId('unranked-option').first().getByRole('button').last().click();
        await expect(ballot.getByTestId('ranked-option')).toHaveCount(ranked);
      }
    },
  },
  { name: 'closed ranked poll', path: (s) => `/hlasovania/${s.closedRankedPollId}`, ready: testId('ranked-round'), roles: ['member', 'admin'] },
  { name: 'recommendations', path: () => '/odporucania', ready: testId('recommendation-list-page'), roles: SIGNED_IN },
  { name: 'recommendation', path: (s) => `/odporucania/${s.recommendationId}`, ready: testId('recommendation-page'), roles: SIGNED_IN },
  { name: 'meetings', path: () => '/stretnutia', ready: testId('rsvp-choice'), roles: SIGNED_IN },
  { name: 'meeting', path: (s) => `/stretnutia/${s.meetingId}`, ready: testId('rsvp-choice'), roles: SIGNED_IN },
  {
    name: 'meeting form with errors',
    path: () => '/stretnutia',
    roles: MODERATORS,
    ready: async (page) => {
      await page.getByTestId('schedule-meeting').click();
      await page.getByTestId('meeting-form').locator('button[type="submit"]').click();
      await expect(page.getByTestId('meeting-form').locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  { name: 'meeting night remote', path: (s) => `/stretnutia/${s.nightMeetingId}`, ready: testId('question-list'), roles: SIGNED_IN },
  { name: 'room view', path: (s) => `/stretnutia/${s.nightMeetingId}/room`, ready: testId('room-poll'), roles: MODERATORS },
  { name: 'room view through the display link', path: (s) => s.displayPath, ready: testId('room-poll'), roles: ['visitor'] },
  { name: 'display link gone', path: () => `/room/${'x'.repeat(43)}`, ready: testId('display-gone'), roles: ['visitor'] },
  { name: 'books', path: () => '/knihy', ready: testId('book-list-page'), roles: SIGNED_IN },
  { name: 'book with reviews', path: (s) => `/knihy/${s.bookId}`, ready: testId('review'), roles: SIGNED_IN },
  {
    name: 'book with reading progress and a review folded for spoilers',
    path: (s) => `/knihy/${s.bookId}`,
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByTestId('club-progress').getByTestId('progress-entry').first()).toBeVisible();
      await expect(page.getByTestId('spoiler-fold').first()).toBeVisible();
    },
  },
  {
    name: 'search with results',
    path: () => '/hladanie',
    roles: SIGNED_IN,
    ready: async (page) => {
      await page.getByRole('search').locator('input').first().fill('ocean');
      await expect(page.getByTestId('search-page').locator('mark').first()).toBeVisible();
    },
  },
  { name: 'members', path: () => '/my', ready: testId('user-list-page'), roles: SIGNED_IN },
  { name: 'statistics', path: () => '/statistiky', ready: testId('stats-page'), roles: SIGNED_IN },
  { name: 'another profile', path: (s) => `/my/${encodeURIComponent(s.email('Dana Kováčová'))}`, ready: testId('profile-view'), roles: SIGNED_IN },
  { name: 'own profile', path: (s) => `/my/${encodeURIComponent(s.email(PERSON.member))}`, ready: testId('profile-view'), roles: ['member'] },
  { name: 'own profile', path: (s) => `/my/${encodeURIComponent(s.email(PERSON.moderator))}`, ready: testId('profile-view'), roles: ['moderator'] },
  { name: 'own profile', path: (s) => `/my/${encodeURIComponent(s.email(PERSON.admin))}`, ready: testId('profile-view'), roles: ['admin'] },
  { name: 'profile editor', path: (s) => `/my/${encodeURIComponent(s.email(PERSON.member))}/edit`, ready: testId('profile-page'), roles: ['member'] },
  { name: 'profile editor', path: (s) => `/my/${encodeURIComponent(s.email(PERSON.admin))}/edit`, ready: testId('profile-page'), roles: ['admin'] },
  { name: 'admin (refused)', path: () => '/admin', ready: async (page) => expect(page.getByRole('alert')).toBeVisible(), roles: ['member'] },
  { name: 'admin', path: () => '/admin', ready: testId('admin-page'), roles: MODERATORS },
  { name: 'host page', path: () => '/admin/host', ready: testId('host-state'), roles: ['admin'] },
  { name: 'host page (refused)', path: () => '/admin/host', ready: testId('host-admins-only'), roles: ['member', 'moderator'] },
];

async function arrangeScene(club: ClubServer): Promise<Scene> {
  const scene = await arrangeMembers(club);
  const recommendation = await reading.recommend(scene.admin, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    pageCount: 304,
    url: 'https://www.goodreads.com/book/show/18423',
    text: 'An envoy on a frozen planet.\n\nIf you liked *Solaris*, this is the other great book about **not understanding** each other.',
  });
  // The book's page: Eva has finished it and shares that; her review is marked as a spoiler (folded for the rest).
  const eva = await ClubApi.signIn(club, scene.emails['Eva Horváthová']!, scene.memberPassword);
  await reading.review(eva, scene.bookId, { rating: 5, reviewText: 'The ending: Kelvin **stays on the station**.', hasSpoilers: true });
  await eva.call('PUT', `/api/books/${scene.bookId}/progress`, { finished: true, shared: true });
  const meeting = await scheduleMeeting(scene.admin, {
    startsAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    place: 'The library café, Main Street 4',
    onlineUrl: 'https://meet.example/club',
    bookId: scene.bookId,
    notes: 'Read up to **chapter 7**.',
  });
  // Ranked polls: Bea's, Cyril's, Dana's and Eva's ballots take three rounds (Ulysses out, then Solaris and
  // Emma together, then Dune wins).
  const signIn = (name: string) => ClubApi.signIn(club, scene.emails[name]!, scene.memberPassword);
  const [bea, cyril, dana] = await Promise.all(['Bea Reader', 'Cyril Novák', 'Dana Kováčová'].map(signIn));
  const decided = await rankedRound(scene.admin, dana!, 'Ranked autumn');
  const closedRankedPollId = await openRankedPoll(scene.admin, decided);
  const ballots: [ClubApi, RankedBook[]][] = [
    [bea!, ['Solaris', 'Dune']],
    [cyril!, ['Dune']],
    [dana!, ['Emma', 'Dune']],
    [eva, ['Dune', 'Emma']],
  ];
  for (const [voter, books] of ballots)
    await voter.vote(
      closedRankedPollId,
      books.map((book) => decided.postIds[book]),
    );
  await scene.admin.closePoll(closedRankedPollId);
  const openRankedPollId = await openRankedPoll(scene.admin, await rankedRound(scene.admin, dana!, 'Ranked winter'));
  // The meeting night: a meeting starting in half an hour, two members here, two questions (one a spoiler, the
  // current one), the open ranked poll in the room; and the club's display link.
  const night = await scheduleMeeting(scene.admin, {
    startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    place: 'Café Verne, upstairs room',
    bookId: scene.bookId,
  });
  for (const who of [eva, bea!]) await who.call('POST', `/api/meetings/${night.meetingId}/checkin`, {});
  await bea!.call('POST', `/api/meetings/${night.meetingId}/questions`, { text: 'Is the book about the ocean at all?' });
  const asked = await eva.call<{ questions: { questionId: number }[] }>('POST', `/api/meetings/${night.meetingId}/questions`, {
    text: 'Why does Kelvin **stay** on the station?',
    hasSpoilers: true,
  });
  await scene.admin.call('PUT', `/api/meetings/${night.meetingId}/questions/current`, { questionId: asked.questions.at(-1)!.questionId });
  const display = await scene.admin.call<{ url: string }>('POST', '/api/display-link');
  return {
    ...scene,
    recommendationId: recommendation.recommendationId,
    meetingId: meeting.meetingId,
    nightMeetingId: night.meetingId,
    displayPath: new URL(display.url).pathname,
    openRankedPollId,
    closedRankedPollId,
    email: (name) => scene.emails[name]!,
  };
}

async function signInAs(app: ClubApp, role: Role, scene: Scene) {
  if (role === 'visitor') return;
  const email = role === 'admin' ? ADMIN.email : scene.email(PERSON[role]);
  const password = role === 'admin' ? ADMIN.password : scene.memberPassword;
  await app.signInAs({ email, password });
}

// One club for every role's audit, arranged once per worker: an audit only reads (it opens dialogs and shows a
// form's errors, and sends nothing but one failed sign-in), so the tests stay independent of each other.
const auditTest = test.extend<{ scene: Scene }, { auditClub: { club: ClubServer; scene: Scene } }>({
  auditClub: [
    async ({}, use) => {
      const club = await startClubServer();
      await use({ club, scene: await arrangeScene(club) });
      await club.stop();
    },
    { scope: 'worker' },
  ],
  club: async ({ auditClub }, use) => use(auditClub.club),
  scene: async ({ auditClub }, use) => use(auditClub.scene),
});

test.describe.configure({ timeout: 240_000 });
// A screen that never gets ready fails in seconds, naming the step, rather than at the test's timeout.
test.use({ actionTimeout: 10_000 });

test('no critical or serious violation on the setup screen of a club nobody has set up yet', async ({ app, page }) => {
  const findings: Finding[] = [];
  for (const lang of LANGS) {
    await page.addInitScript((language) => localStorage.setItem('language', language), lang);
    for (const [width, scheme] of [
      [1280, 'light'],
      [390, 'light'],
      [1280, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await app.goto('/setup');
      await expect(page.locator('main form')).toBeVisible();
      findings.push(...(await audit(page, `setup ${lang} ${width} ${scheme}`)));
    }
  }
  expect(findings, describeFindings(findings)).toEqual([]);
});

// Each role's screens in a language are audited in two parts (every other screen), so that one part stays
// well inside the time limit on a busy two-core machine as screens are added.
const PARTS = 2;

// The moderator's screens are not audited on their own: the admin is a moderator too and sees every screen and
// control a moderator does (as the reflow test below reasons), and the member the rest. The signed-in screens
// are audited in one language each (the admin's in Slovak, the member's in English): what axe finds is the
// markup, names and colours, which the languages share, and the catalogues' test checks both have every
// string. The dark theme is audited at the laptop's width for the admin and at the phone's for the member, so
// every screen is seen dark at one width and every width dark. The visitor's few screens run in both
// languages, dark at the laptop's width in English and at the phone's in Slovak.
type Lang = (typeof LANGS)[number];
const AUDITED: { role: Role; langs: readonly Lang[]; darkWidth: (lang: Lang) => number }[] = [
  { role: 'visitor', langs: LANGS, darkWidth: (lang) => (lang === 'en' ? 1280 : 390) },
  { role: 'member', langs: ['en'], darkWidth: () => 390 },
  { role: 'admin', langs: ['sk'], darkWidth: () => 1280 },
];

for (const { role, langs, darkWidth } of AUDITED) {
  for (const lang of langs) {
    for (let part = 0; part < PARTS; part++) {
      auditTest(`no critical or serious violation on any screen a ${role} opens, in ${lang} (part ${part + 1} of ${PARTS})`, async ({ app, page, scene }) => {
        const findings: Finding[] = [];
        await page.addInitScript((language) => localStorage.setItem('language', language), lang);
        await serveCovers(page);
        await signInAs(app, role, scene);

        // Each screen at both widths in the light theme (the page is resized, not loaded again); the dark theme
        // (the system's setting, which the app follows live) at the role's one width. Screens are opened inside
        // the running app, as a member's click on a link opens them.
        for (const screen of SCREENS.filter((s) => s.roles.includes(role)).filter((_, index) => index % PARTS === part)) {
          const widths = screen.narrowOnly ? [390] : [1280, 390];
          await page.setViewportSize({ width: widths[0]!, height: 900 });
          await app.visit(screen.path(scene));
          await screen.ready(page, scene);
          for (const width of widths) {
            await page.setViewportSize({ width, height: 900 });
            const label = `${screen.name} as ${role} ${lang} ${width}`;
            findings.push(...(await audit(page, label)));
            if (width !== darkWidth(lang)) continue;
            await page.emulateMedia({ colorScheme: 'dark' });
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
            findings.push(...(await audit(page, `${label} dark`)));
            await page.emulateMedia({ colorScheme: 'light' });
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
          }
        }

        expect(findings, describeFindings(findings)).toEqual([]);
      });
    }
  }
}

// WCAG 1.4.10 Reflow: at 320 px, and in a 1280 px window zoomed to 200% (640 CSS px), every screen fits its
// width: nothing to scroll sideways, in either language (Slovak's longer words are the harder case).
const REFLOW_WIDTHS = [
  { width: 320, height: 800, name: '320 px' },
  { width: 640, height: 450, name: '1280 px at 200% zoom' },
];

// The visitor's screens, and the admin's: every member's screen with every control a moderator or admin adds.
// Each on a club of its own: the visitor's screens include a failed sign-in, eight of them here.
for (const role of ['visitor', 'admin'] as const) {
  test(`every screen a ${role} opens fits 320 px and 200% zoom without scrolling sideways`, async ({ app, club, page }) => {
    const overflows: string[] = [];
    await serveCovers(page);
    const scene = await arrangeScene(club);
    await signInAs(app, role, scene);
    for (const lang of LANGS) {
      if (page.url() === 'about:blank') await app.goto('/');
      await page.evaluate((language) => localStorage.setItem('language', language), lang);
      // The language is read when the app starts: load it again.
      await page.reload();
      for (const { width, height, name } of REFLOW_WIDTHS) {
        await page.setViewportSize({ width, height });
        for (const screen of SCREENS.filter((s) => s.roles.includes(role))) {
          await app.visit(screen.path(scene));
          await screen.ready(page, scene);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) overflows.push(`${screen.name} as ${role} ${lang} at ${name}: ${overflow} px too wide`);
        }
      }
    }
    expect(overflows).toEqual([]);
  });
}
