import { test as base, expect } from '@playwright/test';
import { startClubServer, type ClubServer } from './club-server';
import { describeViolations, watchCsp, watchNewContexts, type CspViolation } from './csp-watch';
import { ClubApp } from './pages/club-app';

export const ADMIN = { email: 'host@riverside.test', password: 'turn the page 42' };

/**
 * Each test gets a new club (its own server and data folder) and a page model on it. And every page the test
 * opens, in any of its windows, must keep to the club's Content-Security-Policy: a violation the page survives
 * (a refused eval caught by the library that tried it) still fails the test at its end.
 */
export const test = base.extend<{ club: ClubServer; app: ClubApp; cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: CspViolation[] = [];
      const unwatch = watchNewContexts(browser, violations);
      await use(violations);
      unwatch();
      expect(violations, describeViolations(violations)).toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchCsp(context, cspViolations);
    await use(context);
  },
  club: async ({}, use) => {
    const club = await startClubServer();
    await use(club);
    await club.stop();
  },
  app: async ({ page, club }, use) => {
    await use(new ClubApp(page, club.url));
  },
});

export { expect };
