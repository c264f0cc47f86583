import { arrangeHostAndBea } from './host-fixtures';
import { arrangeCurrentBook } from './reading-fixtures';
import { ADMIN, expect, test } from './fixtures';
import { liveConnection } from './pages/club-app';

// The app's frame for keyboard and screen reader users: the skip link, focus and an announcement after each
// navigation, the page's title, and <html lang> following the interface's language.

test('the skip link is the first stop of the keyboard and takes it to the page', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await app.signInAs(ADMIN);
  await app.goto('/knihy');
  await expect(page.getByTestId('book-list-page')).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  // Hidden until focused, then in view.
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // The address gains no fragment, and the next Tab goes on from the page's start, past the header.
  expect(new URL(page.url()).hash).toBe('');
  await page.keyboard.press('Tab');
  const focusedInHeader = await page.evaluate(() => !!document.activeElement?.closest('header'));
  expect(focusedInHeader).toBe(false);
});

test('after following a link with the keyboard, focus is on the new page heading and the page is announced', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await app.signInAs(ADMIN);
  const announcer = page.getByTestId('route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');

  // To the books page through the main navigation.
  await app.mainNav.getByRole('link', { name: 'Books' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Books');
  await expect(heading).toBeFocused();
  await expect(announcer).toHaveText('Books');
  await expect(page).toHaveTitle('Books · Riverside Readers');

  // And on into a book, a page whose code loads on the way.
  await page.getByTestId('book-card').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('book-page')).toBeVisible();
  await expect(heading).toContainText('Solaris');
  await expect(heading).toBeFocused();
  await expect(announcer).toContainText('Solaris');

  // Back with the browser: the same.
  await page.goBack();
  await expect(heading).toHaveText('Books');
  await expect(heading).toBeFocused();
});

test('the first page of a visit keeps the browser focus', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await app.signInAs(ADMIN);
  await app.goto('/knihy');
  await expect(page.getByTestId('book-list-page')).toBeVisible();
  // A full load: nothing is focused by the app, and nothing is announced over the screen reader's own reading.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expect(page.getByTestId('route-announcer')).toHaveText('');
});

test('a member who moves focus while the next page loads is not pulled back to its heading', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await app.signInAs(ADMIN);
  // The books page's code arrives only after the member has moved on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/BookListPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await app.mainNav.getByRole('link', { name: 'Books' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/knihy$/);
  await expect(page.getByTestId('book-list-page')).toHaveCount(0);
  const languageButton = page.getByTestId('language-menu');
  await languageButton.focus();
  release();
  await expect(page.getByTestId('book-list-page')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(languageButton).toBeFocused();
});

test('<html lang> follows the interface language, from the first render', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', 'sk');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await app.goto('/');
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await expect(page.getByRole('link', { name: 'Preskočiť na obsah' })).toBeAttached();

  await app.switchLanguage('English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('what changes live on the page a member reads is announced politely', async ({ app, club, page }) => {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Autumn classics' });
  const discussionId = round.bookDiscussionId!;
  const solaris = await admin.suggest(discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });

  await app.signInAs(bea);
  // Her page, with the live-update connection up.
  const live = liveConnection(page);
  await app.goto(`/navrhy/${discussionId}`);
  await expect(page.getByRole('article', { name: 'Solaris' })).toBeVisible();
  await live;
  const announcer = page.getByTestId('route-announcer');

  // Another member's suggestion arrives while Bea reads.
  await admin.suggest(discussionId, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 272, text: 'A house of tides.' });
  await expect(announcer).toHaveText('New suggestion: Piranesi, by Hana Host.');

  // Bea's own suggestion is hers to know: nothing new is said.
  await beaApi.suggest(discussionId, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'The long book.' });
  await expect(page.getByRole('article', { name: 'Middlemarch' })).toBeVisible();
  await expect(announcer).toHaveText('New suggestion: Piranesi, by Hana Host.');

  // The vote opens and closes while she has it open.
  const pollId = (await admin.closeDiscussion(discussionId)).poll!.pollId;
  await expect(announcer).toHaveText('The discussion has closed.');
  const pollLive = liveConnection(page);
  await app.goto(`/hlasovania/${pollId}`);
  await expect(page.getByTestId('vote-form')).toBeVisible();
  await pollLive;
  await admin.vote(pollId, [solaris.postId]);
  await admin.closePoll(pollId);
  await expect(page.getByTestId('poll-results')).toBeVisible();
  await expect(announcer).toHaveText('The vote has closed: the results are shown.');
});

test('a member whose system asks for less motion gets none', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  await app.signInAs(ADMIN);
  await app.goto('/knihy');
  const card = page.getByTestId('book-card').first();
  const motion = () => card.evaluate((el) => ({ transition: getComputedStyle(el).transitionDuration, transform: getComputedStyle(el).transform }));

  // By default a book's card lifts as the pointer reaches it.
  await card.hover();
  await expect.poll(async () => (await motion()).transform).not.toBe('none');
  expect((await motion()).transition).toContain('0.15s');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.mouse.move(0, 0);
  await card.hover();
  expect(await motion()).toEqual({ transition: expect.not.stringContaining('0.15s'), transform: 'none' });
});

test('the theme follows the system until the member picks one, kept from the first paint of the next visit', async ({ app, club, page }) => {
  await arrangeCurrentBook(club);
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.goto('/');
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const themeButton = page.getByTestId('color-scheme-menu');
  await expect(themeButton).toHaveAccessibleName('Theme: System');

  // With the keyboard: the button opens the menu on the theme in use, an arrow reaches "Light", Enter picks it.
  await themeButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeFocused();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(themeButton).toBeFocused();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(themeButton).toHaveAccessibleName('Theme: Light');

  // The next visit is light before the app's code has run: here it never arrives.
  await page.route(/\/assets\/shell-[^/]*\.js$/, (route) => route.abort());
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('visitor-home')).toHaveCount(0);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.unroute(/\/assets\/shell-[^/]*\.js$/);
  await page.reload();
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});
