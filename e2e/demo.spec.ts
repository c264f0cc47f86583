import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { audit, describeFindings, type Finding } from './axe';
import { startDemoServer } from './demo-server';
import { expect, test } from './fixtures';
import { ClubApp } from './pages/club-app';

// The demo club as a visitor meets it: started as a host starts it (`npm start -- demo`, built), signed in
// with one click, its banner on every screen, its history walked (a round, the tied poll and its
// tiebreaker, a book with reviews, the meetings), and again as the admin. Stopping it deletes its folder.

const banner = (page: Page) => page.getByRole('region', { name: 'Demo club' });

test('the demo club: one click signs in, the banner is on every screen, and its lively history is there to walk', async ({ page }) => {
  test.setTimeout(120_000);
  const demo = await startDemoServer('en', { DATA_DIR: '/nonexistent/real-club', SMTP_URL: 'smtp://127.0.0.1:9' });
  const findings: Finding[] = [];
  try {
    const app = new ClubApp(page, demo.url);
    // Pages load nothing from elsewhere: every cover is drawn by the club itself.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(demo.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.goto('/');
    await expect(banner(page)).toContainText('This is a demo club.');
    const visitorHome = page.getByTestId('visitor-home');
    await expect(visitorHome.getByTestId('demo-sign-in')).toBeVisible();
    findings.push(...(await audit(page, 'visitor home')));

    await visitorHome.getByRole('button', { name: 'Priya Nair, a member' }).click();
    const home = page.getByTestId('member-home');
    await expect(home.getByRole('heading', { name: 'Hello, Priya Nair!' })).toBeVisible();
    await expect(home).toContainText('Circe');
    await expect(home.getByRole('link', { name: 'Cast your vote' })).toBeVisible();
    await expect(home.getByText('Town library, upstairs reading room')).toBeVisible();
    await expect(banner(page)).toContainText('See it as a moderator or the admin.');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    findings.push(...(await audit(page, 'member home')));

    // The rounds: a theme round whose book poll tied.
    await app.mainNav.getByRole('link', { name: 'Voting' }).click();
    await expect(page.getByText('A round with a theme', { exact: true })).toBeVisible();
    await expect(banner(page)).toBeVisible();

    // The tied poll, and its tiebreaker's winner.
    await app.visit('/hlasovania/3');
    const outcome = page.getByTestId('poll-outcome');
    await expect(outcome).toContainText("It's a tie");
    await expect(outcome).toContainText('The Master and Margarita');
    await expect(outcome).toContainText('The Name of the Rose');
    await outcome.getByRole('link', { name: 'Go to the tiebreaker' }).click();
    await expect(page.getByTestId('poll-outcome')).toContainText('Winner');
    await expect(page.getByTestId('poll-outcome')).toContainText('The Name of the Rose');
    findings.push(...(await audit(page, 'tiebreaker')));

    // The book it chose, with its reviews.
    await page.getByTestId('poll-outcome').getByRole('link', { name: 'Go to the book' }).click();
    await expect(page.getByText('William of Baskerville is the best detective I have met in years.')).toBeVisible();
    await expect(banner(page)).toBeVisible();

    // The meetings: one coming, two past.
    await app.visit('/stretnutia');
    await expect(page.getByText('Town library, upstairs reading room').first()).toBeVisible();
    await expect(page.getByText('The Corner Café, Mill Street').first()).toBeVisible();
    findings.push(...(await audit(page, 'meetings')));

    // Another role, from the banner: the admin has the admin screen.
    await app.visit('/');
    await banner(page).getByRole('button', { name: 'the admin' }).click();
    await expect(page.getByTestId('member-home').getByRole('heading', { name: 'Hello, Eleanor Hart!' })).toBeVisible();
    await app.mainNav.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Admin', exact: true }).first()).toBeVisible();
    await expect(banner(page)).toContainText('See it as a member or a moderator.');
    findings.push(...(await audit(page, 'admin')));

    // At a phone's width the banner is part of the page, not over it.
    await page.setViewportSize({ width: 390, height: 800 });
    await app.visit('/');
    const box = (await banner(page).boundingBox())!;
    const heading = (await page.getByTestId('member-home').getByRole('heading', { level: 1 }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(heading.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    findings.push(...(await audit(page, 'member home at 390 px')));

    expect(elsewhere).toEqual([]);
    expect(findings, describeFindings(findings)).toEqual([]);
  } finally {
    const { exitCode, output } = await demo.stop();
    expect(exitCode, output).toBe(0);
    expect(output).toContain('the demo club is deleted');
    expect(fs.existsSync(demo.dataDir)).toBe(false);
  }
});
