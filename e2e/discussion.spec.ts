import type { Page, WebSocketRoute } from '@playwright/test';
import type { ScrapedBook } from '../shared/api/scrape';
import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { DiscussionPage } from './pages/discussion-page';

/** A club with an open Books discussion, and Bea and Cyril as members. */
async function openBooksDiscussion(club: ClubServer) {
  const scene = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter reads' });
  return { ...scene, cyrilApi, discussionId: round.bookDiscussionId! };
}

/**
 * Counts the hub's answers to socket.io's CONNECT ("40..."), after which the page hears every change; `before`
 * may hold a connection back or keep it to close later.
 */
async function countHubJoins(page: Page, before: (ws: WebSocketRoute) => Promise<void> = async () => {}): Promise<() => number> {
  let joined = 0;
  await page.routeWebSocket(/\/hubs\/events/, async (ws) => {
    await before(ws);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40')) joined++;
      ws.send(message);
    });
  });
  return () => joined;
}

const isScrape = (url: URL) => url.pathname.startsWith('/api/scrape');

async function fakeGoodreads(page: Page, answer: { status: number; body: unknown }) {
  const asked: string[] = [];
  await page.route(isScrape, async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('goodreadsUrl') ?? '');
    await route.fulfill({
      status: answer.status,
      contentType: answer.status < 400 ? 'application/json' : 'application/problem+json',
      body: JSON.stringify(answer.body),
    });
  });
  return asked;
}

test('a Goodreads link fills in the book; a failed read says why and keeps what was typed', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);

  const piranesi: ScrapedBook = {
    title: 'Piranesi',
    author: 'Susanna Clarke',
    pageCount: 272,
    imageUrl: 'https://images.gr-assets.com/piranesi.jpg',
    url: 'https://www.goodreads.com/book/show/50202953-piranesi',
    description: 'Piranesi lives in the House.',
  };
  const asked = await fakeGoodreads(page, { status: 200, body: piranesi });
  await discussion.field('Book link').fill('https://www.goodreads.com/book/show/50202953-piranesi?from_search=true');
  await expect(discussion.field('Book title')).toHaveValue('Piranesi');
  await expect(discussion.field('Author')).toHaveValue('Susanna Clarke');
  await expect(discussion.field('Pages')).toHaveValue('272');
  await expect(discussion.field('Cover image link')).toHaveValue(piranesi.imageUrl!);
  await expect(discussion.field('Description')).toHaveValue('Piranesi lives in the House.');
  await expect(page.getByTestId('scraped-note')).toBeVisible();
  expect(asked).toEqual(['https://www.goodreads.com/book/show/50202953-piranesi?from_search=true']);

  await discussion.field('Your comment').fill('Strange and lovely.');
  await discussion.newPost.getByRole('button', { name: 'Add the book' }).click();
  const post = discussion.post('Piranesi');
  await expect(post).toContainText('Strange and lovely.');
  await expect(post).toContainText('Piranesi lives in the House.');
  await expect(post.getByRole('link', { name: 'Goodreads' })).toHaveAttribute('href', piranesi.url);

  // Goodreads unreachable: the server's reason is shown, and the member's own typing stays.
  await page.unroute(isScrape);
  await fakeGoodreads(page, {
    status: 502,
    body: { status: 502, title: 'Bad gateway', detail: 'Goodreads could not be reached. Please try again later, or fill in the book by hand.' },
  });
  await discussion.field('Book title').fill('My own title');
  await discussion.field('Book link').fill('https://goodreads.com/book/show/1-unreachable');
  await expect(app.toast('Goodreads could not be reached')).toBeVisible();
  await expect(discussion.newPost.getByText('Goodreads could not be reached')).toBeVisible();
  await expect(discussion.field('Book title')).toHaveValue('My own title');

  // A Goodreads page that is not a book: the real server refuses it and says what it accepts.
  await page.unroute(isScrape);
  await discussion.field('Book link').fill('https://www.goodreads.com/author/show/1234');
  await expect(app.toast('Only book pages on Goodreads can be read')).toBeVisible();
  await expect(discussion.field('Book title')).toHaveValue('My own title');
});

test('a refused suggestion keeps the form and says why beside the field', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);

  await page.route(
    (url) => url.pathname === `/api/discussions/${scene.discussionId}`,
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              status: 400,
              title: 'Bad request',
              detail: 'The title is already suggested.',
              errors: { title: ['The title is already suggested.'] },
            }),
          })
        : route.fallback(),
  );
  await discussion.suggestBook({ title: 'Solaris', author: 'Stanisław Lem', pageCount: '204', description: 'An ocean.' });
  await expect(app.toast('Failed to add suggestion')).toContainText('The title is already suggested.');
  await expect(discussion.newPost.getByText('The title is already suggested.')).toBeVisible();
  await expect(discussion.field('Book title')).toHaveValue('Solaris');
  await expect(discussion.field('Description')).toHaveValue('An ocean.');
  await expect(discussion.posts).toHaveCount(0);
});

test('the form checks a book before sending, and previews the markdown', async ({ app, club }) => {
  const scene = await openBooksDiscussion(club);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);

  await discussion.fillBook({ title: 'Solaris', author: '', pageCount: 'many' });
  await discussion.newPost.getByRole('button', { name: 'Add the book' }).click();
  await expect(discussion.newPost.getByText("Please enter the author's name.")).toBeVisible();
  await expect(discussion.newPost.getByText('The number of pages must be a whole number from 1 to 100,000.')).toBeVisible();

  await discussion.field('Description').fill('An ocean that **thinks**.');
  await discussion.newPost.getByRole('button', { name: 'Preview' }).click();
  await expect(app.page.getByTestId('markdown-preview').locator('strong')).toHaveText('thinks');
  await expect(discussion.posts).toHaveCount(0);
});

test('owners edit their own suggestions with the same checks; others cannot', async ({ app, club }) => {
  const scene = await openBooksDiscussion(club);
  await scene.beaApi.suggest(scene.discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  await scene.cyrilApi.suggest(scene.discussionId, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'The long one.' });
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);

  await expect(discussion.post('Middlemarch').getByRole('button', { name: 'Edit the suggestion' })).toHaveCount(0);
  const mine = discussion.post('Solaris');
  await mine.getByRole('button', { name: 'Edit the suggestion' }).click();
  const pages = mine.getByRole('textbox', { name: 'Pages' });
  await pages.fill('');
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.getByText('Please enter the number of pages.')).toBeVisible();
  await pages.fill('224');
  await mine.getByRole('textbox', { name: 'Text' }).fill('An ocean that *thinks*.');
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Updated')).toBeVisible();
  await expect(mine).toContainText('224 pages');
  await expect(mine.locator('em')).toHaveText('thinks');
  await expect(mine.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

  // A refused edit says 'Update failed' and keeps the form open with what was typed.
  await app.page.route(
    (url) => url.pathname === `/api/discussions/${scene.discussionId}`,
    (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({ status: 409, title: 'Conflict', detail: 'This discussion is closed.' }),
          })
        : route.fallback(),
  );
  await mine.getByRole('button', { name: 'Edit the suggestion' }).click();
  await mine.getByRole('textbox', { name: 'Book title' }).fill('Solaris (new translation)');
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Update failed')).toContainText('This discussion is closed.');
  await expect(mine.getByRole('textbox', { name: 'Book title' })).toHaveValue('Solaris (new translation)');
});

test('a book from an earlier round is suggested again in the ongoing one, prefilled and linked', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  const earlier = await scene.beaApi.suggest(scene.discussionId, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    url: 'https://www.goodreads.com/book/show/95558.Solaris',
    text: 'An ocean.',
  });
  await scene.admin.closeDiscussion(scene.discussionId);
  const next = await scene.admin.startRound({ topic: 'Books', title: 'Spring reads' });
  const ongoing = next.bookDiscussionId!;
  await app.signInAs(scene.bea);

  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  await discussion.post('Solaris').getByRole('link', { name: 'Suggest again in the ongoing round' }).click();
  await expect(page).toHaveURL(`${club.url}/navrhy/${ongoing}?parentPostId=${earlier.postId}&fromDiscussionId=${scene.discussionId}`);
  await expect(page.getByTestId('prefill-note')).toContainText('Suggesting “Solaris” again, from Winter reads: book suggestions.');
  await expect(discussion.field('Book title')).toHaveValue('Solaris');
  await expect(discussion.field('Author')).toHaveValue('Stanisław Lem');
  await expect(discussion.field('Pages')).toHaveValue('204');
  await expect(discussion.field('Description')).toHaveValue('An ocean.');
  await discussion.field('Your comment').fill('Still want to read it!');
  await discussion.newPost.getByRole('button', { name: 'Add the book' }).click();

  await expect(app.toast('Suggestion added')).toBeVisible();
  await expect(page).toHaveURL(`${club.url}/navrhy/${ongoing}`);
  const repost = discussion.post('Solaris');
  await expect(repost).toContainText('Suggested again');
  await expect(repost).toContainText('Still want to read it!');
  // Not offered within the discussion it is in.
  await expect(repost.getByRole('link', { name: 'Suggest again in the ongoing round' })).toHaveCount(0);
  const stored = await scene.admin.discussion(ongoing);
  expect(stored.posts[0]?.parentPostId).toBe(earlier.postId);
});

test('a recommendation that cannot be loaded leaves the form empty and says so', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId, '?parentRecommendationId=3');
  await expect(page.getByTestId('prefill-note')).toContainText('the form starts empty');
  await expect(discussion.field('Book title')).toHaveValue('');
  await discussion.suggestBook({ title: 'Emma', author: 'Jane Austen', pageCount: '474', comment: 'Comedy of manners.' });
  await expect(discussion.post('Emma')).toBeVisible();
});

test('a single suggestion has its own page with the way back', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  const post = await scene.beaApi.suggest(scene.discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  await discussion.post('Solaris').getByRole('link', { name: 'Solaris' }).click();
  await expect(page).toHaveURL(`${club.url}/navrhy/${scene.discussionId}/${post.postId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solaris');
  await page.getByRole('link', { name: 'Back to suggestions' }).click();
  await expect(page).toHaveURL(`${club.url}/navrhy/${scene.discussionId}`);

  await app.goto(`/navrhy/${scene.discussionId}/99999`);
  await expect(page.getByTestId('load-failed')).toContainText('This discussion has no such suggestion.');
});

test('a member whose live connection drops while suggestions arrive shows, once it is back, what a fresh load shows', async ({ app, page, club }) => {
  const scene = await openBooksDiscussion(club);
  // Bea's live connection goes through a door the test opens and shuts: while shut, a new connection waits at it.
  let shut: { opened: Promise<void>; open(): void } | null = null;
  const connections: WebSocketRoute[] = [];
  const joins = await countHubJoins(page, async (ws) => {
    await shut?.opened;
    connections.push(ws);
  });
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const suggest = (title: string) => scene.cyrilApi.suggest(scene.discussionId, { title, author: 'Someone', pageCount: 200, text: `Why ${title}.` });

  await expect.poll(joins).toBeGreaterThan(0);
  await suggest('Solaris');
  await expect(discussion.post('Solaris')).toBeVisible();

  // The connection is killed; two suggestions arrive while it is down, a third once it is back.
  let open = () => {};
  shut = { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
  for (const connection of connections.splice(0)) await connection.close();
  await suggest('Dune');
  await suggest('Emma');
  await expect(discussion.post('Dune')).toHaveCount(0);
  shut.open();
  await expect(discussion.post('Dune')).toBeVisible();
  await expect(discussion.post('Emma')).toBeVisible();
  await suggest('Ulysses');
  await expect(discussion.post('Ulysses')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  const shown = await discussion.posts.allInnerTexts();
  await page.reload();
  await expect(discussion.post('Ulysses')).toBeVisible();
  expect(await discussion.posts.allInnerTexts()).toEqual(shown);
});

test('a long discussion opens on its first thirty suggestions; the rest come a part at a time, and what arrives at the end shows', async ({
  app,
  page,
  club,
}) => {
  const scene = await openBooksDiscussion(club);
  const suggest = (title: string) => scene.cyrilApi.suggest(scene.discussionId, { title, author: 'Someone', pageCount: 200, text: `Why ${title}.` });
  for (let i = 1; i <= 45; i++) await suggest(`Book ${i}`);
  const joins = await countHubJoins(page);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  await expect.poll(joins).toBeGreaterThan(0);

  await expect(discussion.posts).toHaveCount(30);
  await expect(page.getByTestId('more-posts-status')).toHaveText('Showing 30 of 45 suggestions');
  // One that arrives beyond what is shown is counted, not added below the fold.
  await suggest('Book 46');
  await expect(page.getByTestId('more-posts-status')).toHaveText('Showing 30 of 46 suggestions');
  await expect(discussion.posts).toHaveCount(30);

  await page.getByTestId('more-posts').click();
  await expect(discussion.posts).toHaveCount(46);
  await expect(page.getByTestId('more-posts')).toHaveCount(0);
  // The keyboard goes on from the first suggestion the button added.
  await expect(discussion.post('Book 31')).toBeFocused();
  await suggest('Book 47');
  await expect(discussion.post('Book 47')).toBeVisible();
});
