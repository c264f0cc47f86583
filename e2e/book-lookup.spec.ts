import { COVERS, QUERIES, startFakeOpenLibrary } from '../server/features/lookup/fake-open-library';
import { audit, describeFindings } from './axe';
import { startClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { DiscussionPage } from './pages/discussion-page';

// The book lookup against a fake Open Library on 127.0.0.1 (the club's OPEN_LIBRARY_URL). Its screenshots:
// book-lookup-screenshots.spec.ts.

test('a member finds a book by keyboard, the form fills in and the cover is kept by the club; a failing lookup leaves the form to fill by hand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const openLibrary = await startFakeOpenLibrary();
  const club = await startClubServer({ OPEN_LIBRARY_URL: openLibrary.url });
  try {
    const scene = await arrangeHostAndBea(club);
    const round = await scene.admin.startRound({ topic: 'Books', title: 'Summer reads', description: null });
    const app = new ClubApp(page, club.url);
    // Pages load nothing from elsewhere: every request stays on the club.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(club.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(scene.bea);
    const discussion = new DiscussionPage(app);
    await discussion.goto(round.bookDiscussionId!);
    const form = discussion.newPost;
    const box = form.getByTestId('book-lookup-input');
    await expect(form.getByRole('combobox', { name: 'Find the book' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // Typing finds the books; arrow keys move through them, Enter picks one (and does not send the form).
    await box.fill('Dune');
    const options = form.getByRole('option');
    await expect(options).toHaveCount(3);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(options.first()).toContainText('Frank Herbert · 1965 · 604 pages');
    await expect(options.nth(2)).toContainText('<b>Dune</b> <script>alert(1)</script> Messiah');
    const findings = await audit(page, 'lookup results');
    // Words with accents find their books too.
    await box.fill('čítať v lete');
    await expect(options.first()).toContainText('Čítať v lete');
    await box.fill('Dune');
    await expect(options).toHaveCount(3);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await box.press('Enter');
    await expect(discussion.field('Book title')).toHaveValue('Dune');
    await expect(discussion.field('Author')).toHaveValue('Frank Herbert');
    await expect(discussion.field('Pages')).toHaveValue('604');
    await expect(discussion.field('Year published')).toHaveValue('1965');
    await expect(discussion.field('Book link')).toHaveValue(`${openLibrary.url}/works/OL893415W`);
    await expect(discussion.field('Cover image link')).toHaveValue(`/images/covers/ol-${COVERS.dune}.webp`);
    await expect(form.getByTestId('scraped-note')).toHaveText('Filled in from Open Library. Check the details, and add a description or your comment.');
    await expect(form.getByRole('img', { name: 'Cover preview' })).toHaveJSProperty('complete', true);
    expect(await form.getByRole('img', { name: 'Cover preview' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await expect(discussion.posts).toHaveCount(0);

    // A failing Open Library: a quiet note, no toast, and the form is sent as typed.
    await box.fill(QUERIES.failing);
    const note = form.getByTestId('book-lookup-note');
    await expect(note).toHaveText('Book lookup is not available right now; fill in the fields by hand.');
    await expect(app.toast(/./)).toHaveCount(0);
    findings.push(...(await audit(page, 'lookup unavailable')));
    expect(findings, describeFindings(findings)).toEqual([]);
    await discussion.field('Your comment').fill('Sand, spice and *politics*.');
    await form.getByRole('button', { name: 'Add the book' }).click();
    await expect(app.toast('Suggestion added')).toBeVisible();
    const post = discussion.post('Dune');
    await expect(post.getByTestId('book-cover')).toHaveAttribute('src', `/images/covers/ol-${COVERS.dune}.webp`);
    await expect(post.getByTestId('book-year')).toHaveText('1965');
    await expect(post).toContainText('604 pages');
    expect(elsewhere).toEqual([]);
  } finally {
    await club.stop();
    await openLibrary.close();
  }
});
