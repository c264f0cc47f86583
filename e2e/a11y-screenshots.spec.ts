import type { Browser } from '@playwright/test';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeMembers, type ArrangedMembers } from './member-fixtures';
import { ClubApp } from './pages/club-app';
import { serveCovers } from './round-fixtures';
import { LANGS, screenshotter } from './screenshots';

// Screenshots for a person to look at (test-results/screenshots/a11y-*): the dark theme, and the page zoomed
// to 200% (a 1280 px window shows 640 CSS px; a 390 px phone, 195), in both languages.
const shoot = screenshotter('a11y');

const SCREENS: { name: string; path: (s: ArrangedMembers) => string; ready: string }[] = [
  { name: 'home', path: () => '/', ready: 'member-home' },
  { name: 'discussion', path: (s) => `/navrhy/${s.openDiscussionId}`, ready: 'discussion-page' },
  { name: 'poll', path: (s) => `/hlasovania/${s.themePollId}`, ready: 'poll-page' },
  { name: 'book', path: (s) => `/knihy/${s.bookId}`, ready: 'review' },
  { name: 'profile', path: (s) => `/my/${encodeURIComponent(s.emails['Bea Reader']!)}`, ready: 'profile-view' },
];

async function appIn(browser: Browser, club: ClubServer, options: { width: number; zoom: number; scheme: 'light' | 'dark'; lang: string }) {
  const context = await browser.newContext({
    viewport: { width: Math.round(options.width / options.zoom), height: Math.round(900 / options.zoom) },
    deviceScaleFactor: options.zoom,
    colorScheme: options.scheme,
  });
  await context.addInitScript((language) => localStorage.setItem('language', language), options.lang);
  const page = await context.newPage();
  await serveCovers(page);
  return new ClubApp(page, club.url);
}

test.describe.configure({ timeout: 180_000 });

for (const lang of LANGS) {
  test(`the dark theme and 200% zoom, in ${lang}`, async ({ browser, club }) => {
    const scene = await arrangeMembers(club);
    for (const width of [1280, 390]) {
      for (const [kind, zoom, scheme] of [
        ['dark', 1, 'dark'],
        ['zoom200', 2, 'light'],
      ] as const) {
        const app = await appIn(browser, club, { width, zoom, scheme, lang });
        await app.signInAs(ADMIN);
        for (const screen of SCREENS) {
          await app.visit(screen.path(scene));
          await expect(app.page.getByTestId(screen.ready).first()).toBeVisible();
          // A phone at 200% is 195 CSS px wide, below the 320 px WCAG asks pages to fit: looked at, not held.
          if (zoom === 2 && width === 390)
            await app.page.screenshot({ path: `test-results/screenshots/a11y-${kind}-${screen.name}-${lang}-${width}.png`, fullPage: true });
          else await shoot(app.page, `${kind}-${screen.name}`, lang, width);
        }
        await app.page.context().close();
      }
    }
  });
}
