import { api } from '../../lib/api-client';

export const pollsService = {
  /** The poll as this member may see it, and their vote (null before they vote). */
  get: (pollId: number) => api.polls.info({ params: { pollId } }),
  /** Approval vote: every option the member approves of; a second vote replaces the first. */
  vote: (pollId: number, postIds: number[]) => api.polls.vote({ params: { pollId }, body: { postIds } }),
};
