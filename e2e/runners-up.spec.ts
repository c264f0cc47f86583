import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { addMember } from './members';
import { ClubApp } from './pages/club-app';
import { DiscussionPage } from './pages/discussion-page';

/**
 * Winter reads chose Solaris over Bea's Klara and the Sun (1 vote) and Cyril's Piranesi (none); Spring's book
 * discussion is open.
 */
async function arrangeDecidedRound(club: ClubServer) {
  const admin = await setUpAsHost(club);
  const bea = await addMember(club, { name: 'Bea Reader' });
  const cyril = await addMember(club, { name: 'Cyril Novák' });
  const [beaApi, cyrilApi] = await Promise.all([ClubApi.signIn(club, bea.email, bea.password), ClubApi.signIn(club, cyril.email, cyril.password)]);
  const winter = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const d1 = winter.bookDiscussionId!;
  const solaris = await admin.suggest(d1, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  const klara = await beaApi.suggest(d1, {
    title: 'Klara and the Sun',
    author: 'Kazuo Ishiguro',
    pageCount: 303,
    text: 'An artificial friend watches the world.',
  });
  await cyrilApi.suggest(d1, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 272, text: 'A house of endless halls.' });
  const pollId = (await admin.closeDiscussion(d1)).poll!.pollId;
  await beaApi.vote(pollId, [solaris.postId, klara.postId]);
  await cyrilApi.vote(pollId, [solaris.postId]);
  await admin.vote(pollId, [solaris.postId]);
  const spring = await admin.startRound({ topic: 'Books', title: 'Spring' });
  return { bea, cyril, discussionId: spring.bookDiscussionId! };
}

test("an owner pitches last round's runner-up again with one click, and everyone sees it at once", async ({ app, club, browser }) => {
  const scene = await arrangeDecidedRound(club);

  // Cyril watches the new discussion.
  const cyrilContext = await browser.newContext();
  const cyril = new ClubApp(await cyrilContext.newPage(), club.url);
  await cyril.signInAs(scene.cyril);
  const cyrilHub = cyril.page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  const cyrilView = new DiscussionPage(cyril);
  await cyrilView.goto(scene.discussionId);
  await cyrilHub;
  const cyrilCard = cyril.page.getByRole('region', { name: "Last round's runners-up" });
  await expect(cyrilCard.getByTestId('runner-up')).toHaveText([/Klara and the Sun.*Bea Reader.*1 vote/, /Piranesi.*Cyril Novák.*0 votes/]);

  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  const card = app.page.getByRole('region', { name: "Last round's runners-up" });
  await expect(card).toContainText('In Winter reads the club chose Solaris.');
  const klara = card.getByTestId('runner-up').filter({ hasText: 'Klara and the Sun' });
  const piranesi = card.getByTestId('runner-up').filter({ hasText: 'Piranesi' });
  // Only its owner pitches a suggestion again.
  await expect(piranesi.getByRole('button')).toHaveCount(0);
  await klara.getByRole('button', { name: 'Pitch it again' }).click();

  await expect(discussion.post('Klara and the Sun')).toBeVisible();
  await expect(discussion.post('Klara and the Sun')).toContainText('Suggested again');
  await expect(klara.getByTestId('pitched-again')).toHaveText('Pitched again');
  await expect(klara.getByRole('button')).toHaveCount(0);
  await expect(app.page.getByTestId('route-announcer')).toContainText('Klara and the Sun is suggested again in this discussion.');

  // Cyril sees the new suggestion and the mark without reloading.
  await expect(cyrilView.post('Klara and the Sun')).toBeVisible();
  await expect(cyrilCard.getByTestId('runner-up').filter({ hasText: 'Klara and the Sun' }).getByTestId('pitched-again')).toBeVisible();
  // Piranesi is Cyril's to pitch again.
  await expect(cyrilCard.getByTestId('runner-up').filter({ hasText: 'Piranesi' }).getByRole('button', { name: 'Pitch it again' })).toBeVisible();
  await cyrilContext.close();
});
