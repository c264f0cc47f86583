import { create } from 'zustand';
import type { Discussion, Post, PostFields } from '../../../shared/api/discussions';
import type { RoundUpdate } from '../../../shared/api/rounds';
import type { LoadStatus } from '../../lib/load-status';
import { roundsService } from '../rounds/rounds.service';
import { discussionsService } from './discussions.service';

/** The discussion open on screen (discussion and single-post pages); live updates replace it whole. */
interface DiscussionState {
  discussionId: number | null;
  discussion: Discussion | null;
  status: LoadStatus;
  error: unknown;
  load(discussionId: number): Promise<void>;
  /** A DiscussionChanged push: replaces the shown discussion when it is this one. */
  applyChange(discussion: Discussion): void;
  addPost(fields: PostFields): Promise<Post>;
  updatePost(postId: number, fields: PostFields): Promise<Post>;
  /** Closes the discussion and opens its poll (moderators). */
  close(): Promise<RoundUpdate>;
}

/** The post in the list, replaced when it is there, added at the end when not (the push may come first). */
function withPost(discussion: Discussion, post: Post): Discussion {
  const known = discussion.posts.some((p) => p.postId === post.postId);
  return {
    ...discussion,
    posts: known ? discussion.posts.map((p) => (p.postId === post.postId ? post : p)) : [...discussion.posts, post],
  };
}

export const useDiscussionStore = create<DiscussionState>()((set, get) => {
  function requireId(): number {
    const id = get().discussionId;
    if (id === null) throw new Error('No discussion is open');
    return id;
  }

  return {
    discussionId: null,
    discussion: null,
    status: 'idle',
    error: null,

    async load(discussionId) {
      const same = get().discussion?.discussionId === discussionId;
      set({ discussionId, discussion: same ? get().discussion : null, status: same ? 'ready' : 'loading', error: null });
      try {
        const discussion = await discussionsService.get(discussionId);
        // Navigated elsewhere meanwhile: this answer is no longer wanted.
        if (get().discussionId === discussionId) set({ discussion, status: 'ready' });
      } catch (error) {
        if (get().discussionId === discussionId) set({ status: 'failed', error, discussion: null });
      }
    },

    applyChange(discussion) {
      if (get().discussionId === discussion.discussionId) set({ discussion, status: 'ready', error: null });
    },

    async addPost(fields) {
      const id = requireId();
      const post = await discussionsService.addPost(id, fields);
      const current = get().discussion;
      if (current?.discussionId === post.discussionId) set({ discussion: withPost(current, post) });
      return post;
    },

    async updatePost(postId, fields) {
      const id = requireId();
      const post = await discussionsService.updatePost(id, { ...fields, postId });
      const current = get().discussion;
      if (current?.discussionId === post.discussionId) set({ discussion: withPost(current, post) });
      return post;
    },

    async close() {
      const id = requireId();
      const update = await roundsService.closeDiscussion(id);
      const current = get().discussion;
      if (update.discussion && current?.discussionId === update.discussion.discussionId) {
        set({ discussion: { ...update.discussion, posts: update.discussion.posts ?? current.posts } });
      }
      return update;
    },
  };
});
