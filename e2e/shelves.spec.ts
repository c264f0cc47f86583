import { startFakeShelfSites, type FeedItem } from '../server/features/shelves/fake-shelf-sites';
import { audit, describeFindings } from './axe';
import { startClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';

// Shelves against a fake Goodreads on 127.0.0.1 (the club's GOODREADS_URL): a member links her profile, the
// club reads both shelves at once, "Read now" reads them again after a book is finished, and unlinking takes
// them away. The schedule is off (SHELF_SYNC_INTERVAL_HOURS=0): every reading here is one she asked for.
const DUNE: FeedItem = { bookId: '234225', title: 'Dune (Dune, #1)', author: 'Frank Herbert', pages: 604 };
const PIRANESI: FeedItem = { bookId: '50202953', title: 'Piranesi', author: 'Susanna Clarke', rating: 5, readAt: 'Wed, 10 Sep 2025 00:00:00 +0000' };

test('a member links her Goodreads profile, sees both shelves, reads them again and unlinks them', async ({ page }) => {
  test.setTimeout(90_000);
  const sites = await startFakeShelfSites();
  sites.goodreads('1001', 'currently-reading', [DUNE]);
  sites.goodreads('1001', 'read', [PIRANESI, { bookId: '11', title: 'Čítať v lete', author: 'Mária Ďurčová', rating: 3 }]);
  const club = await startClubServer({ GOODREADS_URL: sites.url, STORYGRAPH_URL: sites.url, SHELF_SYNC_INTERVAL_HOURS: '0' });
  try {
    const scene = await arrangeHostAndBea(club);
    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(scene.bea);
    await app.goto(`/my/${encodeURIComponent(scene.bea.email)}`);
    const card = page.getByTestId('shelves');
    const form = card.getByRole('form', { name: 'Link your Goodreads or StoryGraph profile' });
    await expect(form).toBeVisible();
    const findings = await audit(page, 'shelves link form');

    // Not a profile: the form says so beside the field, and nothing is linked.
    const field = form.getByRole('textbox', { name: 'Your Goodreads or StoryGraph profile' });
    await field.fill('https://www.goodreads.com/book/show/234225');
    await form.getByRole('button', { name: 'Link profile' }).click();
    await expect(form.getByText(/That is not a Goodreads or StoryGraph profile/)).toBeVisible();

    await field.fill('https://www.goodreads.com/user/show/1001-bea-reader');
    await form.getByRole('button', { name: 'Link profile' }).click();
    await expect(app.toast('Profile linked; your shelves are here.')).toBeVisible();
    await expect(card.getByTestId('shelves-link')).toContainText('Linked to Goodreads: www.goodreads.com/user/show/1001');
    const reading = card.getByTestId('shelf-shelf-currently-reading');
    const read = card.getByTestId('shelf-shelf-read');
    await expect(reading.getByTestId('shelf-book')).toHaveText(['Dune (Dune, #1)Frank Herbert']);
    await expect(read.getByTestId('shelf-book')).toHaveCount(2);
    await expect(read.getByTestId('shelf-book').first()).toContainText('Piranesi');
    await expect(read.getByRole('img', { name: '5 stars' })).toBeVisible();
    await expect(read.getByRole('link', { name: 'Piranesi' })).toHaveAttribute('href', /^https:\/\/www\.goodreads\.com\/review\/show\//);
    // The shelf feeds her reading list, marked as coming from it.
    await expect(page.getByTestId('currently-reading').getByTestId('reading-entry')).toContainText(['Dune (Dune, #1)Frank Herbert · from Goodreads']);
    findings.push(...(await audit(page, 'shelves linked')));

    // She finishes Dune on Goodreads; "Read now" moves it.
    sites.goodreads('1001', 'currently-reading', []);
    sites.goodreads('1001', 'read', [{ ...DUNE, rating: 4, readAt: 'Thu, 18 Sep 2025 21:00:00 PDT' }, PIRANESI]);
    await card.getByRole('button', { name: 'Read now' }).click();
    await expect(app.toast('Shelves read again.')).toBeVisible();
    await expect(reading).toContainText('Nothing on this shelf just now.');
    await expect(read.getByTestId('shelf-book')).toHaveCount(2);
    await expect(read.getByTestId('shelf-book').first()).toContainText('Dune (Dune, #1)');
    await expect(page.getByTestId('currently-reading').getByTestId('reading-entry')).toHaveCount(0);

    // A failing Goodreads changes nothing, and the card says why.
    sites.misbehave('/review/list_rss/1001?shelf=read', 'serverError');
    await card.getByRole('button', { name: 'Read now' }).click();
    await expect(card.getByTestId('shelves-error')).toContainText('Goodreads answered with an error; the club tries again later.');
    await expect(read.getByTestId('shelf-book')).toHaveCount(2);
    findings.push(...(await audit(page, 'shelves failed')));
    sites.misbehave('/review/list_rss/1001?shelf=read', null);

    await card.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink the profile?' });
    findings.push(...(await audit(page, 'shelves unlink dialog')));
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect(app.toast('Profile unlinked; its books are gone from the club.')).toBeVisible();
    await expect(card.getByTestId('shelf-book')).toHaveCount(0);
    await expect(form).toBeVisible();
    expect(findings, describeFindings(findings)).toEqual([]);
  } finally {
    await club.stop();
    await sites.close();
  }
});
