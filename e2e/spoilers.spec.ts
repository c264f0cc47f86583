import type { Locator, Page } from '@playwright/test';
import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { DiscussionPage } from './pages/discussion-page';

// Spoilers (DECISIONS.md "Obskurnee compatibility"): hidden, to eyes and screen readers, until revealed
// by a click or by Enter or Space on the focused spoiler; revealed, they stay so.

const PREVIEWED = 'Jane Eyre has a secret: ::Bertha is in the attic::.\n\n:::\nRochester goes blind in the fire.\n:::';
const HIDDEN = 'Spoiler: click to reveal';

async function discussionWithSpoilers(club: ClubServer) {
  const scene = await arrangeHostAndBea(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Gothic' });
  const discussionId = round.bookDiscussionId!;
  await scene.admin.suggest(discussionId, {
    title: 'Jane Eyre',
    author: 'Charlotte Brontë',
    pageCount: 532,
    text: 'Who is upstairs? ::Bertha, the first wife:: — and later:\n\n:::\nRochester goes **blind** in the fire.\n:::\n\nRead it anyway.',
  });
  return { ...scene, discussionId };
}

/** A spoiler's toggle (the button) and its content, by the spoiler's place among the post's spoilers. */
function spoiler(scope: Locator, index: number) {
  const element = scope.locator('.spoiler').nth(index);
  return { element, toggle: element.getByRole('button'), content: element.locator('.spoiler-content') };
}

/**
 * A reader's click in the middle of the bar. (Locator.click aims by the element's content quads, which
 * for an inline whose content is invisible Chromium reports off the bar; the point itself hits the spoiler.)
 */
async function clickMiddleOf(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('The spoiler has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the spoiler');
}

test('a spoiler is hidden until clicked, and another until reached with Tab and Enter', async ({ app, page, club }) => {
  const scene = await discussionWithSpoilers(club);
  await app.signInAs(scene.bea);
  const discussion = new DiscussionPage(app);
  await discussion.goto(scene.discussionId);
  const post = discussion.post('Jane Eyre');
  await expect(post).toContainText('Read it anyway.');

  const inline = spoiler(post, 0);
  const block = spoiler(post, 1);
  // Hidden: buttons that say what they are, the words neither visible nor in the accessibility tree.
  await expect(post.getByRole('button', { name: HIDDEN })).toHaveCount(2);
  for (const s of [inline, block]) {
    await expect(s.toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(s.toggle).toHaveAttribute('tabindex', '0');
    await expect(s.content).toBeHidden();
  }
  await expect(post.getByText('Bertha, the first wife')).toBeHidden();
  const before = await post.ariaSnapshot();
  expect(before).not.toContain('Bertha');
  expect(before).not.toContain('blind');
  expect(before).toContain('Who is upstairs?');

  // Each hidden one is a striped bar, in the light theme and in the dark, its stripes the theme's greys.
  // (The build once lowered light-dark() to variables nothing set: the bar was gone, only a gap was left.)
  const html = page.locator('html');
  const stripes = () => Promise.all([inline, block].map((s) => s.element.evaluate((el) => getComputedStyle(el).backgroundImage)));
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const light = await stripes();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const dark = await stripes();
  for (const stripe of [...light, ...dark]) expect(stripe).toMatch(/^repeating-linear-gradient\(135deg, rgb/);
  expect(dark).not.toEqual(light);

  // A click reveals the inline one, and only it.
  await clickMiddleOf(page, inline.element);
  await expect(inline.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(post.getByText('Bertha, the first wife')).toBeVisible();
  // Revealed (here in the dark theme), it keeps a faint ground, so the reader sees what was hidden.
  await expect(inline.element).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(block.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(block.content).toBeHidden();
  expect(await post.ariaSnapshot()).toContain('Bertha, the first wife');

  // The keyboard: Tab reaches the block's toggle (the revealed one has left the Tab order); Enter reveals it.
  await page.getByRole('heading', { level: 1 }).click();
  await tabTo(page, block.toggle);
  await expect(block.element).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(block.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(post.locator('strong', { hasText: 'blind' })).toBeVisible();
  await expect(block.toggle).toBeFocused();
  expect(await post.ariaSnapshot()).toContain('blind');

  // Revealed stays revealed: another click changes nothing, and a live update of the discussion neither.
  await clickMiddleOf(page, block.element);
  await scene.admin.suggest(scene.discussionId, { title: 'Rebecca', author: 'Daphne du Maurier', pageCount: 410, text: 'Manderley ::burns::.' });
  await expect(discussion.post('Rebecca')).toBeVisible();
  await expect(inline.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(block.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(spoiler(discussion.post('Rebecca'), 0).toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the preview hides spoilers too; Space reveals one; the words are Slovak in Slovak', async ({ app, page, club }) => {
  const scene = await arrangeHostAndBea(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Gothic' });
  await app.signInAs(scene.bea);
  await app.switchLanguage('Slovenčina');
  const discussion = new DiscussionPage(app);
  await discussion.goto(round.bookDiscussionId!);

  await discussion.newPost.getByRole('textbox', { name: 'Popis', exact: true }).fill(PREVIEWED);
  await discussion.newPost.getByRole('button', { name: 'Náhľad' }).click();
  const preview = page.getByTestId('markdown-preview');
  await expect(preview.getByRole('button', { name: 'Spoiler: kliknutím zobrazíte' })).toHaveCount(2);
  const attic = spoiler(preview, 0);
  const fire = spoiler(preview, 1);
  await expect(preview.getByText('Jane Eyre has a secret:')).toBeVisible();
  await expect(attic.content).toBeHidden();
  await expect(fire.content).toBeHidden();

  await fire.toggle.focus();
  await page.keyboard.press(' ');
  await expect(fire.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(fire.toggle).toHaveAccessibleName('Spoiler');
  await expect(preview.getByText('Rochester goes blind in the fire.')).toBeVisible();
  await expect(attic.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(attic.content).toBeHidden();
});
