import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Discussion, Post } from '../../../shared/api/discussions';

vi.mock('./discussions.service', () => ({
  discussionsService: { get: vi.fn(), addPost: vi.fn(), updatePost: vi.fn() },
}));
vi.mock('../rounds/rounds.service', () => ({ roundsService: { closeDiscussion: vi.fn() } }));

const { discussionsService } = await import('./discussions.service');
const { roundsService } = await import('../rounds/rounds.service');
const { useDiscussionStore } = await import('./discussion.store');

const post = (postId: number, title: string) => ({ postId, discussionId: 1, title }) as Post;
const discussion = (overrides: Partial<Discussion> = {}): Discussion =>
  ({ discussionId: 1, roundId: 1, title: 'Winter reads', topic: 'Books', isClosed: false, pollId: null, posts: [], ...overrides }) as Discussion;

describe('the discussion on screen', () => {
  beforeEach(() => {
    vi.mocked(discussionsService.get).mockResolvedValue(discussion());
    useDiscussionStore.setState({ discussionId: null, discussion: null, status: 'idle', error: null });
  });

  it('is replaced whole by a push for it, and not by a push for another', async () => {
    await useDiscussionStore.getState().load(1);
    useDiscussionStore.getState().applyChange(discussion({ discussionId: 2, title: 'Other' }));
    expect(useDiscussionStore.getState().discussion?.title).toBe('Winter reads');
    useDiscussionStore.getState().applyChange(discussion({ posts: [post(5, 'Solaris')] }));
    expect(useDiscussionStore.getState().discussion?.posts.map((p) => p.title)).toEqual(['Solaris']);
  });

  it('keeps a new post once, whether the push or the answer comes first', async () => {
    await useDiscussionStore.getState().load(1);
    vi.mocked(discussionsService.addPost).mockImplementation(async () => {
      useDiscussionStore.getState().applyChange(discussion({ posts: [post(5, 'Solaris')] }));
      return post(5, 'Solaris');
    });
    await useDiscussionStore.getState().addPost({ title: 'Solaris' } as never);
    expect(useDiscussionStore.getState().discussion?.posts).toHaveLength(1);
  });

  it('ignores an answer for a discussion the member has already left', async () => {
    let answer!: (d: Discussion) => void;
    vi.mocked(discussionsService.get).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = useDiscussionStore.getState().load(1);
    vi.mocked(discussionsService.get).mockResolvedValueOnce(discussion({ discussionId: 2, title: 'Second' }));
    await useDiscussionStore.getState().load(2);
    answer(discussion());
    await first;
    expect(useDiscussionStore.getState().discussion?.title).toBe('Second');
  });

  it('shows itself closed, with its poll, once a moderator closes it', async () => {
    await useDiscussionStore.getState().load(1);
    vi.mocked(roundsService.closeDiscussion).mockResolvedValue({ discussion: discussion({ isClosed: true, pollId: 9 }), poll: null, round: null, book: null });
    await useDiscussionStore.getState().close();
    expect(useDiscussionStore.getState().discussion).toMatchObject({ isClosed: true, pollId: 9 });
  });
});
