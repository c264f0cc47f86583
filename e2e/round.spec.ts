import { ADMIN, expect, test } from './fixtures';
import { addMember, setMemberName } from './members';
import { ClubApp } from './pages/club-app';
import { BooksPage } from './pages/books-page';
import { DiscussionPage } from './pages/discussion-page';
import { PollPage } from './pages/poll-page';
import { RoundsPage } from './pages/rounds-page';

// Issue 3's "Done when": a whole Books round, a moderator and a member each in their own browser.
test('a moderator and a member take a Books round from start to the chosen book', async ({ app, page, club, browser }) => {
  test.setTimeout(120_000);
  await app.setUpClub(ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  const bea = await addMember(club, { name: 'Bea Reader' });
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();

  // The moderator starts a Books round.
  const rounds = new RoundsPage(app);
  await rounds.goto();
  await expect(page.getByText('No rounds yet')).toBeVisible();
  await rounds.startRound({ topic: 'Books', title: 'Winter reads', description: 'Something **long** for the dark evenings.' });
  await expect(app.toast('The round has started')).toBeVisible();
  const round = rounds.round('Winter reads');
  await expect(round).toBeVisible();
  await expect(round.getByTestId('round-book')).toContainText('Not chosen yet');
  await rounds.openBookDiscussion('Winter reads');

  const modDiscussion = new DiscussionPage(app);
  await expect(modDiscussion.heading).toHaveText('Winter reads: book suggestions');
  await expect(page.getByTestId('discussion-description').locator('strong')).toHaveText('long');
  await expect(page.getByText('No suggestions yet')).toBeVisible();
  // Nothing to close yet: the button comes with the first suggestion.
  await expect(modDiscussion.closeButton).toHaveCount(0);
  // A marker that a reload would wipe: the new suggestion must arrive live.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The member, in a browser of their own, finds the discussion from home and suggests a book.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = new ClubApp(memberPage, club.url);
  await member.goto('/');
  await member.signIn(bea.email, bea.password);
  await expect(memberPage.getByRole('heading', { name: 'Hello, Bea Reader!' })).toBeVisible();
  await memberPage.getByRole('link', { name: 'Join the discussion' }).click();
  const memberDiscussion = new DiscussionPage(member);
  await expect(memberDiscussion.heading).toHaveText('Winter reads: book suggestions');
  await expect(memberDiscussion.newPost.getByText('Fields marked * are mandatory.')).toBeVisible();
  // A member neither closes discussions nor starts rounds.
  await expect(memberDiscussion.closeButton).toHaveCount(0);

  // Mandatory fields are checked before anything is sent.
  await memberDiscussion.newPost.getByRole('button', { name: 'Add the book' }).click();
  await expect(memberDiscussion.newPost.getByText('Please enter a title.')).toBeVisible();
  await memberDiscussion.suggestBook({
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: '204',
    description: 'A planet covered by a single ocean that may be alive.',
    comment: 'A classic I have wanted to read for years.',
  });
  await expect(member.toast('Suggestion added')).toBeVisible();
  await expect(memberDiscussion.post('Solaris')).toBeVisible();
  await expect(memberDiscussion.field('Book title')).toHaveValue('');

  // The moderator's open page shows it without a reload, comment first and the description under its heading.
  const solaris = modDiscussion.post('Solaris');
  await expect(solaris).toBeVisible();
  await expect(solaris).toContainText('Stanisław Lem');
  await expect(solaris).toContainText('204 pages');
  await expect(solaris.getByRole('heading', { name: 'About the book' })).toBeVisible();
  await expect(solaris).toContainText('Suggested by Bea Reader');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The moderator closes the discussion, confirming first; both pages show it closed.
  await modDiscussion.closeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Close the discussion?' });
  await expect(dialog).toContainText('its only suggestion');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(modDiscussion.closedMarker).toHaveCount(0);
  await modDiscussion.closeAndStartVote();
  await expect(app.toast('The discussion is closed and the vote is open')).toBeVisible();
  await expect(modDiscussion.closedMarker).toBeVisible();
  await expect(modDiscussion.newPost).toHaveCount(0);
  await expect(memberDiscussion.closedMarker).toBeVisible();
  await expect(memberDiscussion.newPost).toHaveCount(0);

  // Both vote.
  await modDiscussion.goToPoll.click();
  const modPoll = new PollPage(app);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter reads: book suggestions: vote');
  await expect(modPoll.progress).toContainText('0 of 2 members have voted');
  await expect(modPoll.closeButton).toBeDisabled();
  await modPoll.optionTitle('Solaris').click();
  await expect(page.getByTestId('option-preview')).toContainText('A planet covered by a single ocean');
  await modPoll.vote('Solaris');
  await expect(app.toast('Thank you, your vote is in')).toBeVisible();
  await expect(modPoll.ballot).toHaveCount(0);
  await expect(modPoll.resultRow('Solaris')).toContainText('1 vote · 100 %');
  await expect(modPoll.progress).toContainText('1 of 2 members have voted');

  await memberDiscussion.goToPoll.click();
  const memberPoll = new PollPage(member);
  await expect(memberPoll.ballot).toBeVisible();
  // Results stay hidden until the member votes.
  await expect(memberPoll.results).toHaveCount(0);
  await expect(memberPoll.progress.getByTestId('progress-voted')).toContainText('Hana Host');
  await expect(memberPoll.progress.getByTestId('progress-waiting')).toContainText('Bea Reader');
  await memberPoll.voteButton.click();
  await expect(memberPage.getByTestId('vote-error')).toHaveText('Tick at least one option.');
  await memberPoll.vote('Solaris');
  await expect(memberPoll.resultRow('Solaris')).toContainText('2 votes · 100 %');
  await expect(memberPoll.closeButton).toHaveCount(0);

  // Bea's was the last vote: the poll closes itself, as if the moderator had closed it. Solaris wins and
  // becomes book #1; Bea sees it at once, the moderator's open page by the live update.
  await expect(memberPoll.outcome).toContainText('Solaris');
  await expect(modPoll.outcome).toContainText('Solaris');
  await expect(modPoll.closeButton).toHaveCount(0);
  await expect(page.getByTestId('poll-closed')).toBeVisible();
  await expect(modPoll.resultRow('Solaris')).toHaveAttribute('data-winner', 'true');
  await modPoll.outcome.getByRole('link', { name: 'Go to the book' }).click();
  const books = new BooksPage(app);
  await expect(books.largeCard).toContainText('Solaris');
  await expect(books.largeCard).toContainText('Book #1');
  await expect(page.getByTestId('book-reviews')).toBeVisible();

  await books.goto();
  await expect(books.cards).toHaveCount(1);
  await expect(books.card('Solaris')).toContainText('Book #1');

  // Home shows it as the book the club reads now, in both browsers.
  await app.mainNav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('book-large-card')).toContainText('Solaris');
  await expect(page.getByRole('link', { name: 'Cast your vote' })).toHaveCount(0);
  await member.mainNav.getByRole('link', { name: 'Home' }).click();
  await expect(memberPage.getByTestId('book-large-card')).toContainText('Solaris');
  const memberBooks = new BooksPage(member);
  await memberBooks.goto();
  await expect(memberBooks.card('Solaris')).toBeVisible();

  // And the rounds list shows the round's links and its book.
  await rounds.goto();
  await expect(round.getByTestId('round-book')).toContainText('Solaris');
  await expect(round.getByTestId('round-book')).toContainText('Stanisław Lem');
  await expect(round.getByRole('link', { name: 'Vote' })).toBeVisible();
  await memberContext.close();
});
