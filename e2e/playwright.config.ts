import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Playwright's own browser download cannot be reached from our machines: drive Debian's. Its headless shell
// (package chromium-headless-shell, what Playwright itself runs headless) takes about half the CPU of the
// full browser in headless mode for the same pages, which on a two-core machine is the suite's time.
const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromiumPath = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
if (!chromiumPath || !fs.existsSync(chromiumPath)) {
  throw new Error(
    'Browser tests need Chromium, and none was found at /usr/bin/chromium. Install it with ' +
      '`sudo apt-get update && sudo apt-get install -y chromium-headless-shell` (or chromium), or set CHROMIUM_PATH to a Chromium binary.',
  );
}

export default defineConfig({
  testDir: '.',
  // Two sets: the checks (`npm test`, `npm run test:e2e`), and the screenshots a person looks at (`npm run
  // screenshots`, every *-screenshots.spec.ts). Nothing compares the pictures, so taking them is not a check:
  // what they would catch by themselves (a screen wider than the phone) is the audit's reflow test's job, for
  // every screen in both languages at 320 px. A file named on the command line runs in the set it belongs to.
  projects: [
    { name: 'checks', testMatch: '**/*.spec.ts', testIgnore: '**/*screenshots.spec.ts' },
    { name: 'screenshots', testMatch: '**/*screenshots.spec.ts' },
  ],
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // A trace records every action's page and a screencast: about a third of the suite's CPU when kept for
    // every test. Recorded when a failed test runs again (CI retries once); `--trace on` records one here.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
