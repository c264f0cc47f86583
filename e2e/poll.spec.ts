import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';
import { addMember, setMemberName } from './members';
import { BooksPage } from './pages/books-page';
import { DiscussionPage } from './pages/discussion-page';
import { PollPage } from './pages/poll-page';
import { RoundsPage } from './pages/rounds-page';

test('a Themes round: a tie opens a tiebreaker listing the tied themes, whose winner opens the book suggestions', async ({ app, page, club }) => {
  await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  const admin = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
  const bea = await addMember(club, { name: 'Bea Reader' });
  const cyril = await addMember(club, { name: 'Cyril Novák' });
  const beaApi = await ClubApi.signIn(club, bea.email, bea.password);
  const cyrilApi = await ClubApi.signIn(club, cyril.email, cyril.password);

  await app.goto('/');
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
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
  await expect(discussion.field('Goodreads link')).toHaveCount(0);
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
  await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
  const admin = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
  const bea = await addMember(club, { name: 'Bea Reader' });
  const beaApi = await ClubApi.signIn(club, bea.email, bea.password);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;

  await app.goto('/');
  await app.signIn(bea.email, bea.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
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
