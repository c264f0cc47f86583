import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import type { ClubApp } from './pages/club-app';
import { arrangeCurrentBook } from './reading-fixtures';

// The club's main flows with the keyboard alone: Tab, Shift+Tab, Enter, Space, the arrows and Escape, and
// typing into whatever the keyboard has focused. No clicks, and no filling of fields the keyboard did not
// reach. Each step says where focus is, and what a screen reader hears (the page's name after a
// navigation, toasts in the polite live region).

const MAX_TABS = 80;

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, as a member tabs through the page. */
async function tabTo(page: Page, target: Locator, { back = false } = {}) {
  // Attached, not visible: the stars' radio buttons are invisible behind the stars drawn for them.
  await expect(target).toBeAttached();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached within ${MAX_TABS} presses of Tab`).toBeFocused({ timeout: 1 });
}

/** A toast, read out by the polite live region it appears in. */
function toast(page: Page, text: string) {
  return page.locator('[aria-live="polite"]').getByRole('status').filter({ hasText: text });
}

/** After following a link with the keyboard: the new page's heading has focus, and its name is announced. */
async function expectArrivedAt(page: Page, heading: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(heading);
}

/** Signs in from home with the keyboard: the skip link first, the Login button, the inline form. */
async function signInByKeyboard(app: ClubApp, account: { email: string; password: string }) {
  const page = app.page;
  await app.goto('/');
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page, app.loginToggle);
  await page.keyboard.press('Enter');
  await expect(app.loginToggle).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, app.loginEmail);
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(app.loginPassword).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-home')).toBeVisible();
  await expect(toast(page, 'Welcome Back')).toBeVisible();
}

test('a member suggests a book in the open discussion with the keyboard, previewing it first', async ({ app, club, page }) => {
  const { admin, bea } = await arrangeHostAndBea(club);
  await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  await signInByKeyboard(app, bea);

  await tabTo(page, page.getByRole('link', { name: 'Join the discussion' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('discussion-page')).toBeVisible();
  await expectArrivedAt(page, /Winter reads/);

  const form = page.getByTestId('new-post');
  const title = form.getByRole('textbox', { name: 'Book title', exact: true });
  const submit = form.getByRole('button', { name: 'Add the book' });

  // Sent empty: focus goes to the first field in error, which carries its message.
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/.+/);

  await page.keyboard.type('The Left Hand of Darkness');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Author', exact: true })).toBeFocused();
  await page.keyboard.type('Ursula K. Le Guin');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Pages', exact: true })).toBeFocused();
  await page.keyboard.type('304');
  await tabTo(page, form.getByRole('textbox', { name: 'Description', exact: true }));
  await page.keyboard.type('An envoy on a **frozen** planet.');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Your comment', exact: true })).toBeFocused();
  await page.keyboard.type('The other great book about not understanding each other.');

  // The preview opens from the keyboard and shows the markdown as it will be posted.
  const preview = form.getByRole('button', { name: 'Preview' });
  await page.keyboard.press('Tab');
  await expect(preview).toBeFocused();
  await expect(preview).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: 'Hide the preview' })).toHaveAttribute('aria-expanded', 'true');
  await expect(form.getByTestId('markdown-preview').locator('strong')).toHaveText('frozen');

  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Suggestion added')).toBeVisible();
  await expect(page.getByRole('article', { name: 'The Left Hand of Darkness' })).toBeVisible();
  // The form is empty again, and focus stays where the member was.
  await expect(submit).toBeFocused();
  await expect(title).toHaveValue('');
});

test('a member votes with the keyboard: ticks options, opens one, votes, and lands on the results', async ({ app, club, page }) => {
  const { admin, bea } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const discussionId = round.bookDiscussionId!;
  await admin.suggest(discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  await admin.suggest(discussionId, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 272, text: 'A house of endless halls.' });
  await admin.closeDiscussion(discussionId);
  await signInByKeyboard(app, bea);

  await tabTo(page, page.getByRole('link', { name: 'Cast your vote' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('vote-form')).toBeVisible();
  await expectArrivedAt(page, /Winter reads/);

  const ballot = page.getByTestId('vote-form');
  const vote = ballot.getByRole('button', { name: 'Vote', exact: true });

  // Nothing ticked: the refusal is said at once (an alert) and tied to the options.
  await tabTo(page, vote);
  await page.keyboard.press('Enter');
  const error = page.getByTestId('vote-error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(ballot.getByRole('group', { name: 'Your vote' })).toHaveAccessibleDescription(await error.innerText());

  const solaris = ballot.getByRole('checkbox', { name: 'Solaris' });
  await tabTo(page, solaris, { back: true });
  await page.keyboard.press('Space');
  await expect(solaris).toBeChecked();

  // The option's title opens its suggestion below it, and closes it again.
  const solarisTitle = ballot.getByTestId('poll-option').filter({ hasText: 'Solaris' }).getByRole('button');
  await page.keyboard.press('Tab');
  await expect(solarisTitle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(solarisTitle).toHaveAttribute('aria-expanded', 'true');
  await expect(ballot.getByText('An ocean that thinks.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(solarisTitle).toHaveAttribute('aria-expanded', 'false');

  const piranesi = ballot.getByRole('checkbox', { name: 'Piranesi' });
  await tabTo(page, piranesi);
  await page.keyboard.press('Space');
  await expect(piranesi).toBeChecked();
  await expect(ballot.getByText('Selected: 2')).toBeVisible();

  await tabTo(page, vote);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Thank you, your vote is in')).toBeVisible();
  // The ballot is gone: focus goes to the results that took its place, whose bars say their numbers in text.
  const results = page.getByTestId('poll-results');
  await expect(results.getByRole('heading', { name: 'Results so far' })).toBeFocused();
  await expect(results.getByTestId('result-row').filter({ hasText: 'Solaris' }).getByTestId('result-count')).toHaveText('1 vote · 100 %');
  await expect(results.getByRole('progressbar', { name: 'Solaris: 100 %' })).toBeVisible();
});

test('a member reviews the current book, choosing the stars with the arrow keys', async ({ app, club, page }) => {
  const { bea } = await arrangeCurrentBook(club);
  await signInByKeyboard(app, bea);

  await tabTo(page, app.mainNav.getByRole('link', { name: 'Books' }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Books');
  await tabTo(page, page.getByTestId('book-card').first());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('book-page')).toBeVisible();
  await expectArrivedAt(page, /Solaris/);

  const form = page.getByTestId('review-form');
  const stars = form.getByRole('radiogroup', { name: 'Your stars' });
  // Tab enters the stars on the one chosen (none yet); the arrows choose, as in any radio group.
  await tabTo(page, stars.getByRole('radio', { name: 'No stars chosen' }));
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  const four = stars.getByRole('radio', { name: '4 stars', exact: true });
  await expect(four).toBeFocused();
  await expect(four).toBeChecked();
  await expect(form.getByText('4 stars out of 5')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(stars.getByRole('radio', { name: '3 stars', exact: true })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  // Space on the chosen star keeps it.
  await page.keyboard.press('Space');
  await expect(four).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Your review' })).toBeFocused();
  await page.keyboard.type('A planet that thinks, and scientists who never understand it.');
  await tabTo(page, form.getByRole('button', { name: 'Post the review' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Review posted')).toBeVisible();
  // The form comes back as the member's review's editor, focus on its button.
  await expect(form.getByRole('button', { name: 'Replace my review' })).toBeFocused();

  // Read-only, the stars are one image with their number in words.
  const review = page.getByTestId('review').filter({ hasText: 'Bea Reader' });
  await expect(review.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
});

test('a member searches with the keyboard and opens a result', async ({ app, club, page }) => {
  const { bea } = await arrangeCurrentBook(club);
  await signInByKeyboard(app, bea);

  await tabTo(page, app.mainNav.getByRole('link', { name: 'Search' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-page')).toBeVisible();
  const input = page.getByRole('searchbox', { name: 'Search suggestions and recommendations' });
  await tabTo(page, input);
  await page.keyboard.type('ocean');
  await page.keyboard.press('Enter');
  // The count is said by the polite region beside the results.
  await expect(page.getByTestId('search-status')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('search-status')).toHaveText('1 result for “ocean”');

  const result = page.getByTestId('search-result').first();
  await tabTo(page, result);
  await expect(result).toHaveAccessibleName(/Solaris/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('single-post-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a moderator closes a discussion and then its vote with the keyboard; the dialogs take focus and give it back', async ({ app, club, page }) => {
  const { admin, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const discussionId = round.bookDiscussionId!;
  const solaris = await beaApi.suggest(discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  await beaApi.suggest(discussionId, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 272, text: 'A house of endless halls.' });
  await signInByKeyboard(app, ADMIN);

  await tabTo(page, page.getByRole('link', { name: 'Join the discussion' }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, /Winter reads/);

  // The dialog takes focus to its confirming button; Escape closes it and gives focus back.
  const closeDiscussion = page.getByTestId('close-discussion');
  await tabTo(page, closeDiscussion);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Close the discussion?' });
  const confirm = dialog.getByRole('button', { name: 'Close and start the vote' });
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(closeDiscussion).toBeFocused();

  // Open again: Tab stays within the dialog.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'The discussion is closed and the vote is open')).toBeVisible();
  // The close button is gone: focus goes to the way on, the vote it opened.
  const goToPoll = page.getByRole('link', { name: 'Go to the vote' });
  await expect(goToPoll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('poll-page')).toBeVisible();
  await expectArrivedAt(page, /Winter reads/);

  // Bea votes meanwhile; the vote can be closed once someone has.
  const pollId = Number(new URL(page.url()).pathname.split('/').pop());
  await beaApi.vote(pollId, [solaris.postId]);
  await page.reload();
  const closePoll = page.getByTestId('close-poll');
  await expect(closePoll).toBeEnabled();
  await tabTo(page, closePoll);
  await page.keyboard.press('Enter');
  const pollDialog = page.getByRole('dialog', { name: 'Close the vote?' });
  await expect(pollDialog.getByRole('button', { name: 'Close the vote' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pollDialog).toBeHidden();
  await expect(toast(page, 'The vote is closed')).toBeVisible();
  // Focus goes to the outcome that replaced the close button's card: the winner.
  const outcome = page.getByTestId('poll-outcome');
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText('Solaris');
});

test('a visitor switches the language with the keyboard: the menu opens on the language in use', async ({ app, club, page }) => {
  await arrangeHostAndBea(club);
  await app.goto('/');
  await expect(page.getByTestId('visitor-home')).toBeVisible();

  const button = page.getByTestId('language-menu');
  await tabTo(page, button);
  await expect(button).toHaveAccessibleName('EN – language: English');
  await page.keyboard.press('Enter');
  const english = page.getByRole('menuitemradio', { name: 'English' });
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown');
  const slovak = page.getByRole('menuitemradio', { name: 'Slovenčina' });
  await expect(slovak).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(toast(page, 'Jazyk bol zmenený')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName('SK – jazyk: Slovenčina');
});
