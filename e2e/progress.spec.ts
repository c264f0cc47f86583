import type { BookProgress as BookProgressAnswer } from '../shared/api/progress';
import { ClubApi } from './club-api';
import { expect, test } from './fixtures';
import { addMember } from './members';
import { BookProgress } from './pages/book-progress';
import { BookReviews } from './pages/book-reviews';
import { DiscussionPage } from './pages/discussion-page';
import { SearchPage } from './pages/search-page';
import { arrangeCurrentBook, reading } from './reading-fixtures';

test('a member shares where they are and another member sees it; once hidden, the other no longer does', async ({ app, page, club }) => {
  const scene = await arrangeCurrentBook(club);
  const cyril = await addMember(club, { name: 'Cyril Page' });
  await app.signInAs(scene.bea);
  const progress = new BookProgress(app);
  await progress.goto(scene.bookId);
  await expect(progress.mine).toContainText('You have not recorded your progress in this book yet.');
  await expect(progress.club).toContainText('Nobody shares their progress in this book yet.');
  // Sharing is off until the member turns it on.
  await expect(progress.share).not.toBeChecked();

  // The form's own check, on the field, with focus on it.
  await progress.record({ page: 0 }, true);
  const pageInput = progress.form.getByRole('textbox', { name: 'Page' });
  await expect(progress.form.getByText('Enter a page number from 1 to 100000.')).toBeVisible();
  await expect(pageInput).toBeFocused();
  await expect(pageInput).toHaveAttribute('aria-invalid', 'true');

  await progress.record({ page: 102 }, true);
  await expect(app.toast('Your progress is saved.')).toBeVisible();
  await expect(progress.mine).toContainText('Page 102 of 204 (50%)');
  await expect(progress.mine).toContainText('The club sees it.');
  await expect(progress.entry('You')).toContainText('Page 102 of 204 (50%)');
  await expect(progress.form.getByRole('button', { name: 'Save my progress' })).toBeFocused();

  await app.signOut();
  await app.signInAs(cyril);
  await progress.goto(scene.bookId);
  await expect(progress.entry('Bea Reader')).toContainText('Page 102 of 204 (50%)');
  await progress.record({ percent: 80 }, true);
  await expect(progress.club.getByTestId('progress-name')).toHaveText(['You', 'Bea Reader']);

  // Bea hides hers: it stays hers, and the club no longer sees it.
  await app.signOut();
  await app.signInAs(scene.bea);
  await progress.goto(scene.bookId);
  await expect(progress.share).toBeChecked();
  await progress.share.uncheck();
  await progress.form.getByRole('button', { name: 'Save my progress' }).click();
  await expect(progress.mine).toContainText('Only you see it.');
  await expect(progress.club.getByTestId('progress-name')).toHaveText(['Cyril Page']);

  await app.signOut();
  await app.signInAs(cyril);
  await progress.goto(scene.bookId);
  await expect(progress.club.getByTestId('progress-name')).toHaveText(['You']);
  await expect(page.getByText('Bea Reader')).toHaveCount(0);
  const asCyril = await ClubApi.signIn(club, cyril.email, cyril.password);
  const answer = await asCyril.call<BookProgressAnswer>('GET', `/api/books/${scene.bookId}/progress`);
  expect(answer.shared.map((entry) => entry.name)).toEqual(['Cyril Page']);
});

test('a review marked as containing spoilers is folded until the member finishes the book; "Show anyway" opens it', async ({ app, page, club }) => {
  const scene = await arrangeCurrentBook(club);
  await reading.review(scene.admin, scene.bookId, { rating: 4, reviewText: 'The ocean was **alive** all along.', hasSpoilers: true });
  // Posted again by a client that does not know the mark: it stays.
  await reading.review(scene.admin, scene.bookId, { rating: 4, reviewText: 'The ocean was **alive** all along.' });
  expect((await reading.reviews(scene.admin, scene.bookId))[0]?.hasSpoilers).toBe(true);

  await app.signInAs(scene.bea);
  const reviews = new BookReviews(app);
  await reviews.goto(scene.bookId);
  const hana = reviews.review('Hana Host');
  const toggle = hana.getByRole('button', { name: 'Show anyway' });
  await expect(hana.getByText('Contains spoilers')).toBeVisible();
  await expect(hana).toContainText('Hana Host marked this review as containing spoilers.');
  await expect(hana.getByTestId('review-text')).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // By keyboard: the button opens it and says so; pressed again it folds it again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const hide = hana.getByRole('button', { name: 'Fold it again' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hana.getByTestId('review-text')).toContainText('The ocean was alive all along.');
  await page.keyboard.press('Enter');
  await expect(hana.getByTestId('review-text')).toHaveCount(0);

  // Marking the book finished (even without sharing it) opens every spoiler review of it.
  const progress = new BookProgress(app);
  await progress.record({ finished: true }, false);
  await expect(progress.mine).toContainText('Finished');
  await expect(hana.getByTestId('review-text')).toContainText('The ocean was alive all along.');
  await expect(hana.getByRole('button', { name: 'Show anyway' })).toHaveCount(0);
  await expect(hana.getByTestId('spoiler-mark')).toHaveText('Contains spoilers');
  await page.reload();
  await expect(hana.getByTestId('review-text')).toContainText('The ocean was alive all along.');
});

test('a member marks their own review as containing spoilers; they always see it, others who have not finished see it folded', async ({ app, club }) => {
  const scene = await arrangeCurrentBook(club);
  await app.signInAs(scene.bea);
  const reviews = new BookReviews(app);
  await reviews.goto(scene.bookId);
  await reviews.write({ stars: 5, text: 'Kelvin stays on the station at the end.' });
  await reviews.form.getByRole('checkbox', { name: 'Contains spoilers' }).check();
  await reviews.form.getByRole('button', { name: 'Post the review' }).click();
  await expect(app.toast('Review posted')).toBeVisible();
  const mine = reviews.review('Bea Reader');
  await expect(mine.getByTestId('review-text')).toContainText('Kelvin stays on the station');
  await expect(mine.getByTestId('spoiler-mark')).toBeVisible();
  await expect(reviews.form.getByRole('checkbox', { name: 'Contains spoilers' })).toBeChecked();

  await app.signOut();
  const cyril = await addMember(club, { name: 'Cyril Page' });
  await app.signInAs(cyril);
  await reviews.goto(scene.bookId);
  await expect(reviews.review('Bea Reader').getByRole('button', { name: 'Show anyway' })).toBeVisible();
  await expect(reviews.review('Bea Reader').getByTestId('review-text')).toHaveCount(0);
});

test("a suggestion marked as containing spoilers is folded for members who have not finished the club's current book", async ({ app, club }) => {
  const scene = await arrangeCurrentBook(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter' });
  const discussionId = round.bookDiscussionId!;
  await scene.beaApi.suggest(discussionId, {
    title: 'Rebecca',
    author: 'Daphne du Maurier',
    pageCount: 410,
    text: 'Like *Solaris*, it ends with a fire.',
    hasSpoilers: true,
  });
  const cyril = await addMember(club, { name: 'Cyril Page' });

  await app.signInAs(cyril);
  const discussion = new DiscussionPage(app);
  await discussion.goto(discussionId);
  const rebecca = discussion.post('Rebecca');
  await expect(rebecca).toContainText('Bea Reader marked this suggestion as containing spoilers.');
  await expect(rebecca.getByTestId('post-text')).toHaveCount(0);
  await rebecca.getByRole('button', { name: 'Show anyway' }).click();
  await expect(rebecca.getByTestId('post-text')).toContainText('it ends with a fire');

  // Search finds it, but does not show its words; its own page does the folding.
  const search = new SearchPage(app);
  await search.goto();
  await search.type('fire');
  const result = app.page.getByTestId('search-result').filter({ hasText: 'Rebecca' });
  await expect(result.getByTestId('result-spoiler-note')).toHaveText('Marked as containing spoilers: open it to read.');
  await expect(result).not.toContainText('ends with a fire');

  // Finishing the club's current book (Solaris) opens it.
  const cyrilApi = await ClubApi.signIn(club, cyril.email, cyril.password);
  await cyrilApi.call('PUT', `/api/books/${scene.bookId}/progress`, { finished: true });
  await discussion.goto(discussionId);
  await expect(rebecca.getByTestId('post-text')).toContainText('it ends with a fire');
  await expect(rebecca.getByRole('button', { name: 'Show anyway' })).toHaveCount(0);

  // Its author sees it, and takes the mark off in the edit form.
  await app.signOut();
  await app.signInAs(scene.bea);
  await discussion.goto(discussionId);
  await expect(rebecca.getByTestId('post-text')).toContainText('it ends with a fire');
  await rebecca.getByRole('button', { name: 'Edit the suggestion' }).click();
  const mark = rebecca.getByRole('checkbox', { name: 'Contains spoilers' });
  await expect(mark).toBeChecked();
  await mark.uncheck();
  await rebecca.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Updated')).toBeVisible();
  await expect(rebecca.getByTestId('spoiler-mark')).toHaveCount(0);
  const stored = await scene.beaApi.call<{ posts: { title: string; hasSpoilers: boolean }[] }>('GET', `/api/discussions/${discussionId}`);
  expect(stored.posts.map((post) => [post.title, post.hasSpoilers])).toEqual([['Rebecca', false]]);
});
