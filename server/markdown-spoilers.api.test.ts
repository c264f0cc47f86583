import { describe, expect, it } from 'vitest';
import type { Post } from '../shared/api/discussions';
import type { Round } from '../shared/api/rounds';
import { useClubWithMember } from './test-support/club-with-member';
import { addMember } from './test-support/members';
import { bookSuggestion, ok } from './test-support/round-helpers';

const given = useClubWithMember();

describe('spoilers over the API', () => {
  it('the preview renders inline and block spoilers as Obskurnee does', async () => {
    const { html } = await ok<{ html: string }>(given.club, 'PUT', '/api/discussions/preview', given.ann.token, {
      text: 'It ends ::badly::.\n\n:::\nEveryone *dies*.\n:::',
    });
    expect(html).toBe('<p>It ends <span class="spoiler">badly</span>.</p>\n<div class="spoiler">\n<p>Everyone <em>dies</em>.</p>\n</div>');
  });

  it('bots previewing get the same HTML', async () => {
    const bot = await addMember(given.club, { bot: true });
    const { html } = await ok<{ html: string }>(given.club, 'PUT', '/api/discussions/preview', bot.token, { text: '::x::' });
    expect(html).toBe('<p><span class="spoiler">x</span></p>');
  });

  it('a posted suggestion is stored and answered with its spoiler rendered', async () => {
    const round = await ok<Round>(given.club, 'POST', '/api/rounds', given.mod, { topic: 'Books', title: 'Spoilers' });
    const discussionId = round.bookDiscussionId!;
    const post = await ok<Post>(
      given.club,
      'POST',
      `/api/discussions/${discussionId}`,
      given.ann.token,
      bookSuggestion('Dune', { text: 'The ::Emperor:: falls.' }),
    );
    expect(post.renderedText).toBe('<p>The <span class="spoiler">Emperor</span> falls.</p>');
    const discussion = await ok<{ posts: Post[] }>(given.club, 'GET', `/api/discussions/${discussionId}`, given.ann.token);
    expect(discussion.posts[0]?.renderedText).toBe('<p>The <span class="spoiler">Emperor</span> falls.</p>');
  });
});
