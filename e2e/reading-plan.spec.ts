import { audit } from './axe';
import { expect, test } from './fixtures';
import { BookProgress } from './pages/book-progress';
import { liveConnection } from './pages/club-app';
import { ReadingPlanPage } from './pages/reading-plan-page';
import { ADMIN } from './fixtures';
import { arrangeLongBook, daysAhead, fourWeeks, plan } from './reading-plan-fixtures';

test('a moderator spreads a 320-page book evenly over the four weeks to the next meeting and saves it', async ({ app, page, club }) => {
  const scene = await arrangeLongBook(club);
  const meeting = await plan.meeting(scene.admin, scene.bookId, daysAhead(28, 19));
  await app.signInAs(ADMIN);
  const reading = new ReadingPlanPage(app);
  await reading.gotoBook(scene.bookId);
  await expect(reading.section.getByTestId('no-schedule')).toBeVisible();
  await reading.section.getByRole('button', { name: 'Make a schedule' }).click();
  await expect(reading.editor.getByText("The next meeting's day.")).toBeVisible();
  await reading.spread(4);
  await expect(reading.lastPages).toHaveCount(4);
  await expect(reading.lastPages.nth(0)).toHaveValue('80');
  await expect(reading.lastPages.nth(1)).toHaveValue('160');
  await expect(reading.lastPages.nth(2)).toHaveValue('240');
  await expect(reading.lastPages.nth(3)).toHaveValue('320');
  await expect(reading.editor.getByRole('textbox', { name: 'Part 2' })).toHaveValue('Pages 81–160');
  expect(await audit(app.page, 'schedule editor')).toEqual([]);

  // The shared rule, before anything is sent: a part past the book's last page is refused beside it.
  await reading.lastPages.nth(3).fill('330');
  await reading.editor.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(reading.editor.getByText("A part cannot end past the book's last page.")).toBeVisible();
  await expect(reading.lastPages.nth(3)).toBeFocused();
  await reading.lastPages.nth(3).fill('320');

  await reading.editor.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(app.toast('The schedule is saved.')).toBeVisible();
  await expect(reading.timeline.getByTestId('timeline-part')).toHaveCount(4);
  await expect(reading.part('Pages 1–80')).toContainText('The club is here');
  await expect(reading.part('Pages 1–80').getByTestId('part-current')).toHaveText('Your next part');
  await expect(reading.part('Pages 241–320')).toContainText('0 comments');
  await expect(reading.section.getByTestId('plan-club')).toHaveText(/^Now: Pages 1–80, by \w+ \d+, \d{4}$/);

  // The room view on the meeting's evening shows the part due that day.
  await app.visit(`/stretnutia/${meeting.meetingId}/room`);
  await expect(page.getByTestId('room-part')).toContainText('Pages 241–320');
});

test('a member on page 100 sees part 2 sealed, moves to page 170 and reads it without a reload', async ({ app, page, club }) => {
  const scene = await arrangeLongBook(club);
  const { parts } = await plan.setSchedule(scene.admin, scene.bookId, fourWeeks());
  const second = parts[1]!;
  await plan.reveal(scene.admin, scene.bookId, second.partId);
  await plan.comment(scene.admin, scene.bookId, second.partId, 'Estraven **was loyal** all along.');
  await plan.progress(scene.beaApi, scene.bookId, 100);

  const live = liveConnection(page);
  await app.signInAs(scene.bea);
  await live;
  await expect(page.getByTestId('home-plan')).toContainText('You are on page 100');
  const reading = new ReadingPlanPage(app);
  await reading.gotoBook(scene.bookId);
  const part2 = reading.part('Pages 81–160');
  await expect(part2.getByTestId('part-state')).toHaveText('Sealed');
  await expect(part2.getByTestId('part-count')).toHaveText('1 comment');
  await expect(part2.getByTestId('part-current')).toHaveText('Your next part');

  await part2.getByTestId('part-link').click();
  await expect(reading.sealed.getByTestId('sealed-count')).toHaveText('1 comment waits for you.');
  await expect(page.getByText('Estraven')).toHaveCount(0);
  expect(await audit(page, 'sealed part')).toEqual([]);

  // Back on the book's page, the progress control moves her to page 170: the part opens live.
  await page.goBack();
  const progress = new BookProgress(app);
  await progress.record({ page: 170 }, false);
  await expect(part2.getByTestId('part-state')).toHaveText('Open');
  await part2.getByTestId('part-link').click();
  await expect(reading.commentTexts).toHaveText(['Estraven was loyal all along.']);

  // A comment written meanwhile appears, and the count with it.
  await plan.comment(scene.admin, scene.bookId, second.partId, 'The ice crossing is the heart of it.');
  await expect(reading.commentTexts).toHaveText(['Estraven was loyal all along.', 'The ice crossing is the heart of it.']);
  await expect(reading.comments.getByRole('heading', { name: '2 comments' })).toBeVisible();
  expect(await audit(page, 'open part')).toEqual([]);
});
