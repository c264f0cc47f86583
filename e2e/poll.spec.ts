import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { BooksPage } from './pages/books-page';
import { DiscussionPage } from './pages/discussion-page';
import { PollPage } from './pages/poll-page';
import { RoundsPage } from './pages/rounds-page';

test('a Themes round: a tie opens a tiebreaker listing the tied themes, whose winner opens the book suggestions', async ({ app, page, club }) => {
  const { admin, beaApi } = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');

  await app.signInAs(ADMIN);
  const rounds = new RoundsPage(app);
  await rounds.goto();
  // The form's own check: a round needs a title.
  await rounds.startButton.click();
  await rounds.form.getByRole('button', { name: 'Start the round' }).click();
  await expect(rounds.form.getByText('Please enter a title.')).toBeVisible();
  await rounds.form.getByRole('radio', { name: /^Themes/ }).check();
  await rounds.form.getByRole('textbox', { name: 'Title' }).fill('Spring 2027');
  await rounds.form.getByRole('button', { name: 'Start the round' }).click();
  await expect(app.toast('The round has started')).toBeVisible();
  const round = rounds.round('Spring 2027');
  await expect(round.getByTestId('stage-books')).toContainText('Not started yet');
  await round.getByTestId('stage-themes').getByRole('link', { name: 'Suggestions' }).click();

  // A theme needs only its topic.
  const discussion = new DiscussionPage(app);
  await expect(discussion.heading).toHaveText('Spring 2027: theme suggestions');
  await expect(discussion.field('Author')).toHaveCount(0);
  await expect(discussion.field('Book link')).toHaveCount(0);
  await discussion.field('Topic').fill('Memory and forgetting');
  await discussion.newPost.getByRole('button', { name: 'Add the theme' }).click();
  await expect(discussion.post('Memory and forgetting')).toBeVisible();
  // No repost for themes.
  await expect(discussion.post('Memory and forgetting').getByRole('link', { name: /Suggest again/ })).toHaveCount(0);

  const themeDiscussionId = Number(new URL(page.url()).pathname.split('/').pop());
  await cyrilApi.suggest(themeDiscussionId, { title: 'Cities' });
  await expect(discussion.post('Cities')).toBeVisible();
  await discussion.closeAndStartVote();
  await discussion.goToPoll.click();

  const poll = new PollPage(app);
  await expect(poll.ballot).toBeVisible();
  const pollId = Number(new URL(page.url()).pathname.split('/').pop());
  const [memory, cities] = (await admin.poll(pollId)).poll.options;
  await beaApi.vote(pollId, [memory!.postId]);
  await cyrilApi.vote(pollId, [cities!.postId]);
  await page.reload();
  await expect(poll.progress).toContainText('2 of 3 members have voted');
  await expect(poll.progress.getByTestId('progress-waiting')).toHaveText('Hana Host');

  // Closing with a tie: the poll says so and lists the tied options with the tiebreaker's link.
  await poll.closeVote();
  await expect(poll.outcome).toContainText("It's a tie");
  await expect(page.getByTestId('tied-options')).toContainText('Memory and forgetting');
  await expect(page.getByTestId('tied-options')).toContainText('Cities');
  await expect(poll.resultRow('Cities')).toContainText('1 vote · 50 %');
  await poll.outcome.getByRole('link', { name: 'Go to the tiebreaker' }).click();

  await expect(page.getByText('Tiebreaker', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tiebreaker: Spring 2027: theme suggestions: vote');
  await expect(poll.ballot.getByRole('checkbox')).toHaveCount(2);
  await poll.vote('Memory and forgetting');
  await poll.closeVote();
  await expect(poll.outcome).toContainText('Memory and forgetting');
  await expect(page.getByTestId('decided-by-lot')).toHaveCount(0);

  // The winning theme opens the round's book suggestions.
  await poll.outcome.getByRole('link', { name: 'Suggest books for this theme' }).click();
  await expect(discussion.heading).toHaveText('Spring 2027: book suggestions');
  await expect(page.getByTestId('discussion-description')).toContainText('Memory and forgetting');
  await rounds.goto();
  await expect(round.getByTestId('stage-themes').getByRole('link', { name: 'Tiebreaker' })).toBeVisible();
  await expect(round.getByTestId('stage-books').getByRole('link', { name: 'Suggestions' })).toBeVisible();
});

test('a member sees no moderator controls, and a poll page for a poll that does not exist says so', async ({ app, page, club }) => {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;

  await app.signInAs(bea);
  const rounds = new RoundsPage(app);
  await rounds.goto();
  await expect(rounds.startButton).toHaveCount(0);
  const poll = new PollPage(app);
  await poll.goto(pollId);
  await expect(poll.ballot).toBeVisible();
  await expect(poll.closeButton).toHaveCount(0);

  await app.goto('/hlasovania/4242');
  await expect(page.getByTestId('load-failed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vote' })).toBeVisible();
});

test("others' ballots reach an open poll page live: who voted for everyone, the counts once the member has voted", async ({ app, page, club }) => {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');
  // Dora does not vote: the poll stays open.
  await signedInMember(club, 'Dora Dvořák');
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const solaris = await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  await beaApi.suggest(round.bookDiscussionId!, { title: 'Dune', author: 'Frank Herbert', pageCount: 600, text: 'Sand.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;

  await app.signInAs(bea);
  const poll = new PollPage(app);
  await poll.goto(pollId);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await expect(poll.progress).toContainText('0 of 4 members have voted');

  await admin.vote(pollId, [solaris.postId]);
  await expect(poll.progress).toContainText('1 of 4 members have voted');
  await expect(poll.progress.getByTestId('progress-voted')).toContainText('Hana Host');
  // Not voted yet: no counts, so nobody votes by the crowd.
  await expect(poll.results).toHaveCount(0);

  await poll.vote('Dune');
  await expect(poll.resultRow('Dune')).toContainText('1 vote · 50 %');
  await cyrilApi.vote(pollId, [solaris.postId]);
  await expect(poll.resultRow('Solaris')).toContainText('2 votes · 66 %');
  await expect(poll.progress).toContainText('3 of 4 members have voted');
  await expect(poll.progress.getByTestId('progress-waiting')).toContainText('Dora Dvořák');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('with no book chosen yet, the books page points to the Voting section', async ({ app, page, club }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  const books = new BooksPage(app);
  await books.goto();
  await expect(books.noBooks).toHaveText('No books chosen yet — start in the Voting section.');
  await books.noBooks.getByRole('link', { name: 'Voting' }).click();
  await expect(page).toHaveURL(`${club.url}/navrhy`);
});
