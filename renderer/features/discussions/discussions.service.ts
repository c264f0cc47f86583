import type { PostInput } from '../../../shared/api/discussions';
import { api } from '../../lib/api-client';

export const discussionsService = {
  list: () => api.discussions.list(),
  get: (discussionId: number) => api.discussions.get({ params: { discussionId } }),
  /** A new suggestion; answers the created post. */
  addPost: (discussionId: number, fields: PostInput) => api.discussions.addPost({ params: { discussionId }, body: fields }),
  /** An edit of the post with `postId`; answers the updated post. */
  updatePost: (discussionId: number, post: PostInput & { postId: number }) => api.discussions.editPost({ params: { discussionId }, body: post }),
  /** Markdown rendered by the same renderer the server keeps posts with. */
  preview: (text: string) => api.discussions.preview({ body: { text } }),
};
