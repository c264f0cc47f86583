import type { PollInfo } from '../../../shared/api/polls';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';

export const pollsService = {
  /** The poll as this member may see it, and their vote (null before they vote). */
  get: (pollId: number) => api.get<PollInfo>(`/api/polls/${pollId}`),
  /** Approval vote: every option the member approves of; a second vote replaces the first. */
  vote: (pollId: number, postIds: number[]) => api.post<RoundUpdate>(`/api/polls/${pollId}/vote`, { postIds }),
};
