import { test as base } from '@playwright/test';
import { startClubServer, type ClubServer } from './club-server';
import { ClubApp } from './pages/club-app';

export const ADMIN = { email: 'host@riverside.test', password: 'turn the page 42' };

/** Each test gets a new club (its own server and data folder) and a page model on it. */
export const test = base.extend<{ club: ClubServer; app: ClubApp }>({
  club: async ({}, use) => {
    const club = await startClubServer();
    await use(club);
    await club.stop();
  },
  app: async ({ page, club }, use) => {
    await use(new ClubApp(page, club.url));
  },
});

export { expect } from '@playwright/test';
