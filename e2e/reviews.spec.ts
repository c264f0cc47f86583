import { expect, test } from './fixtures';
import { BookReviews } from './pages/book-reviews';
import { arrangeCurrentBook, reading } from './reading-fixtures';

const isReviewPost = (bookId: number) => (url: URL) => url.pathname === `/api/reviews/book/${bookId}`;

test('a member reviews the book the club reads now, sees the review, and replaces it', async ({ app, page, club }) => {
  const scene = await arrangeCurrentBook(club);
  await reading.review(scene.admin, scene.bookId, { rating: 5, reviewText: 'The best book we have read.' });
  await app.signInAs(scene.bea);

  // From home's current book to its page.
  await page.getByTestId('book-large-card').getByRole('heading', { name: 'Solaris' }).getByRole('link').click();
  const reviews = new BookReviews(app);
  await expect(page.getByTestId('book-reviews')).toBeVisible();
  await expect(reviews.reviews).toHaveCount(1);
  await expect(reviews.review('Hana Host')).toContainText('The best book we have read.');
  await expect(page.getByRole('heading', { name: 'Review this book' })).toBeVisible();

  // The form's own check: a review needs its text.
  await reviews.chooseStars(4);
  await reviews.form.getByRole('button', { name: 'Post the review' }).click();
  await expect(reviews.form.getByText('Please write your review.')).toBeVisible();

  await reviews.write({ text: 'An ocean that **thinks**. Slow, strange, unforgettable.', link: 'https://www.goodreads.com/review/show/123' });
  await reviews.form.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('thinks');
  await reviews.form.getByRole('button', { name: 'Post the review' }).click();
  await expect(app.toast('Review posted')).toBeVisible();

  const mine = reviews.review('Bea Reader');
  await expect(reviews.reviews).toHaveCount(2);
  await expect(reviews.reviews.first()).toHaveAttribute('aria-label', 'Bea Reader');
  await expect(mine.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
  await expect(mine.getByTestId('review-text').locator('strong')).toHaveText('thinks');
  await expect(mine.getByRole('link', { name: 'Read it on goodreads.com' })).toHaveAttribute('href', 'https://www.goodreads.com/review/show/123');
  await expect(mine).toContainText('Yours');
  await expect(page.getByTestId('average-rating')).toContainText('4.5 on average from 2 ratings');

  // Coming back, the member's review fills the form; saving replaces it rather than adding another.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(page.getByTestId('review-replaces-note')).toContainText('Saving replaces that review.');
  await expect(reviews.star(4)).toBeChecked();
  await expect(reviews.text).toHaveValue('An ocean that **thinks**. Slow, strange, unforgettable.');
  await expect(reviews.link).toHaveValue('https://www.goodreads.com/review/show/123');
  await reviews.chooseStars(2);
  await reviews.text.fill('On a second read, too slow for me.');
  await reviews.link.fill('');
  await reviews.form.getByRole('button', { name: 'Replace my review' }).click();
  await expect(app.toast('Your review has been replaced')).toBeVisible();
  await expect(reviews.reviews).toHaveCount(2);
  await expect(mine.getByRole('img', { name: '2 stars out of 5' })).toBeVisible();
  await expect(mine).toContainText('On a second read, too slow for me.');
  await expect(mine.getByTestId('review-link')).toHaveCount(0);

  const stored = await reading.reviews(scene.admin, scene.bookId);
  expect(stored.filter((r) => r.ownerName === 'Bea Reader').map((r) => [r.rating, r.reviewText])).toEqual([[2, 'On a second read, too slow for me.']]);
});

test('a review without stars is allowed: clicking the chosen star again clears it', async ({ app, club }) => {
  const scene = await arrangeCurrentBook(club);
  await app.signInAs(scene.bea);
  const reviews = new BookReviews(app);
  await reviews.goto(scene.bookId);
  await expect(reviews.page.getByTestId('no-reviews')).toBeVisible();
  await reviews.chooseStars(3);
  await reviews.form.locator(`label[for="${await reviews.star(3).getAttribute('id')}"]`).click();
  await expect(reviews.form).toContainText('No stars chosen');
  await reviews.write({ text: 'No stars from me, just words.' });
  await reviews.form.getByRole('button', { name: 'Post the review' }).click();
  await expect(app.toast('Review posted')).toBeVisible();
  await expect(reviews.review('Bea Reader')).toContainText('No stars');
  expect((await reading.reviews(scene.admin, scene.bookId))[0]?.rating).toBeNull();
});

test('stars outside 0 to 5 are refused with the server’s message, and the form keeps what was typed', async ({ app, page, club }) => {
  const scene = await arrangeCurrentBook(club);

  // The API refuses it, in the caller's language.
  for (const [language, message] of [
    ['en', 'Sorry, you can only give 0 to 5 stars.'],
    ['sk', 'Prepáčte, môžete dať len 0 až 5 hviezdičiek.'],
  ] as const) {
    const response = await fetch(`${club.url}/api/reviews/book/${scene.bookId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${scene.beaApi.token}`, 'Content-Type': 'application/json', 'Accept-Language': language },
      body: JSON.stringify({ rating: 7, reviewText: 'Seven stars!' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe(message);
  }

  // The star input offers only 1 to 5; a request that says 9 anyway (an old tab, a tampered page) gets the
  // real server's answer, shown to the member with the form as it was.
  await app.signInAs(scene.bea);
  const reviews = new BookReviews(app);
  await reviews.goto(scene.bookId);
  await expect(reviews.form.getByRole('radio', { name: /stars?$/ })).toHaveCount(5);
  await expect(reviews.star(5)).toBeAttached();
  await page.route(isReviewPost(scene.bookId), (route) =>
    route.request().method() === 'POST' ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), rating: 9 }) }) : route.fallback(),
  );
  await reviews.write({ stars: 5, text: 'Off the scale.' });
  await reviews.form.getByRole('button', { name: 'Post the review' }).click();
  await expect(app.toast('The review was not saved')).toContainText('Sorry, you can only give 0 to 5 stars.');
  await expect(reviews.form.getByText('Sorry, you can only give 0 to 5 stars.')).toBeVisible();
  await expect(reviews.text).toHaveValue('Off the scale.');
  await expect(reviews.star(5)).toBeChecked();
  await expect(reviews.reviews).toHaveCount(0);
});
