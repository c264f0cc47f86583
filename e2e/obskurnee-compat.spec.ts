import { fileURLToPath } from 'node:url';
import type { RoundUpdate } from '../shared/api/rounds';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { PollPage } from './pages/poll-page';

test('a poll closes itself at the last vote: the voter sees the result at once, another member by a live update', async ({ app, page, club, browser }) => {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  await admin.suggest(round.bookDiscussionId!, { title: 'Dune', author: 'Frank Herbert', pageCount: 612, text: 'Sand.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;

  // Bea votes in her own browser, and keeps the poll open on her screen.
  const beaContext = await browser.newContext();
  try {
    const beaApp = new ClubApp(await beaContext.newPage(), club.url);
    await beaApp.signInAs(bea);
    const beaPoll = new PollPage(beaApp);
    await beaPoll.goto(pollId);
    await beaPoll.vote('Solaris');
    await expect(beaPoll.progress).toContainText('1 of 2 members have voted');
    await expect(beaPoll.outcome).toHaveCount(0);

    // The host votes last: no moderator closes anything, and the host sees the result at once.
    await app.signInAs(ADMIN);
    const poll = new PollPage(app);
    await poll.goto(pollId);
    await poll.vote('Solaris');
    await expect(poll.outcome).toContainText('Solaris');
    await expect(poll.closeButton).toHaveCount(0);
    await expect(poll.resultRow('Solaris')).toContainText('2 votes · 100 %');

    // Bea's page, never reloaded, shows the decided poll too.
    await expect(beaPoll.outcome).toContainText('Solaris');
    await expect(beaPoll.ballot).toHaveCount(0);
    await beaPoll.outcome.getByRole('link').first().click();
    await expect(beaApp.page).toHaveURL(/\/knihy\/\d+$/);
  } finally {
    await beaContext.close();
  }
  await expect(page.getByTestId('poll-page')).toBeVisible();
});

test("the club's statistics: each member's rated books, chosen suggestions, recommendations and meetings attended, sorted by any column", async ({
  app,
  page,
  club,
}) => {
  const { admin, beaApi } = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');
  const round = await admin.startRound({ topic: 'Books', title: 'Spring' });
  const solaris = await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;
  await admin.vote(pollId, [solaris.postId]);
  await beaApi.vote(pollId, [solaris.postId]);
  // Everyone voted: the poll closed itself, and Solaris is the club's book.
  const { book } = await cyrilApi.call<RoundUpdate>('POST', `/api/polls/${pollId}/vote`, { postIds: [solaris.postId] });
  const bookId = book!.bookId;
  await beaApi.call('POST', `/api/reviews/book/${bookId}`, { rating: 5, reviewText: 'Unsettling and wonderful.' });
  for (const title of ['Roadside Picnic', 'His Master’s Voice']) {
    await cyrilApi.call('POST', '/api/recommendations', { title, author: 'Strugatsky / Lem', pageCount: 200, text: 'Read it.' });
  }

  await app.signInAs(ADMIN);
  await app.goto('/my');
  await page.getByTestId('stats-link').click();
  await expect(page).toHaveURL(`${club.url}/statistiky`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Club statistics');
  const rows = page.getByTestId('stats-row');
  const firstColumn = () => rows.locator('th').allInnerTexts();
  // By books rated, most first; ties by name.
  await expect(rows).toHaveCount(3);
  expect(await firstColumn()).toEqual(['Bea Reader', 'Cyril Novák', 'Hana Host']);
  await expect(rows.filter({ hasText: 'Bea Reader' }).locator('td')).toHaveText(['1', '1', '0', '0']);

  const byRecommendations = page.getByRole('columnheader', { name: 'Recommendations' });
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'none');
  await byRecommendations.getByRole('button').click();
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn()).toEqual(['Cyril Novák', 'Bea Reader', 'Hana Host']);
  await byRecommendations.getByRole('button').click();
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'ascending');
  expect(await firstColumn()).toEqual(['Bea Reader', 'Hana Host', 'Cyril Novák']);

  // The names open the members' profiles.
  await rows.getByRole('link', { name: 'Cyril Novák' }).click();
  await expect(page).toHaveURL(/\/my\//);
});

/** Microsoft's SignalR client as Obskurnee's Vue client bundles it (its browser build). */
const SIGNALR_BROWSER_BUILD = fileURLToPath(new URL('../node_modules/@microsoft/signalr/dist/browser/signalr.js', import.meta.url));

for (const transport of ['default', 'ServerSentEvents', 'LongPolling'] as const) {
  test(`Obskurnee's own client, signed in on the club's page, hears of the club's current discussion as Obskurnee told it (${transport})`, async ({
    browser,
    club,
  }) => {
    const { admin, bea } = await arrangeHostAndBea(club);
    // Obskurnee's bundle is its own script on its own page; ours allows only the club's scripts, so the test lifts that.
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      const hubFailures: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/hubs/events') && response.status() >= 400) hubFailures.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(club.url);
      await page.addScriptTag({ path: SIGNALR_BROWSER_BUILD });
      // As Obskurnee's client signs in (axios, same origin), keeps the answer's token, and then runs eventHub.js:
      // withUrl('/hubs/events', { accessTokenFactory: () => jwtToken }).
      await page.evaluate(
        async ({ email, password, transport }) => {
          const signedIn = await fetch('/api/accounts/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, password }),
          });
          if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
          const { token } = (await signedIn.json()) as { token: string };
          const signalR = (window as unknown as { signalR: typeof import('@microsoft/signalr') }).signalR;
          const options = { accessTokenFactory: () => token, ...(transport === 'default' ? {} : { transport: signalR.HttpTransportType[transport] }) };
          const connection = new signalR.HubConnectionBuilder().withUrl('/hubs/events', options).build();
          const w = window as unknown as { changed: (number | null)[] };
          w.changed = [];
          // What its store keeps as the current discussion: the one home links, or none.
          connection.on('DiscussionChanged', (discussion: { discussionId: number } | null) => w.changed.push(discussion && discussion.discussionId));
          await connection.start();
        },
        { email: bea.email, password: bea.password, transport },
      );
      const changed = () => page.evaluate(() => (window as unknown as { changed: (number | null)[] }).changed);
      const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
      await expect.poll(changed, { timeout: 5_000 }).toEqual([round.bookDiscussionId]);
      // A suggestion sends nothing (its client would take it for the current discussion); the close sends null.
      await admin.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
      await admin.closeDiscussion(round.bookDiscussionId!);
      await expect.poll(changed, { timeout: 5_000 }).toEqual([round.bookDiscussionId, null]);
      expect(hubFailures).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
