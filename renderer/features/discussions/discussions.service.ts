import type { Discussion, DiscussionSummary, Post, PostFields, PreviewResponse } from '../../../shared/api/discussions';
import { api } from '../../lib/api-client';

export const discussionsService = {
  list: () => api.get<DiscussionSummary[]>('/api/discussions/'),
  get: (discussionId: number) => api.get<Discussion>(`/api/discussions/${discussionId}`),
  /** A new suggestion; answers the created post. */
  addPost: (discussionId: number, fields: PostFields) => api.post<Post>(`/api/discussions/${discussionId}`, fields),
  /** An edit of the post with `postId`; answers the updated post. */
  updatePost: (discussionId: number, post: PostFields & { postId: number }) => api.patch<Post>(`/api/discussions/${discussionId}`, post),
  /** Markdown rendered by the same renderer the server keeps posts with. */
  preview: (text: string) => api.put<PreviewResponse>('/api/discussions/preview', { text }),
};
