import type { NewRound, Round, RoundUpdate } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';

export const roundsService = {
  /** Newest first. */
  list: () => api.get<Round[]>('/api/rounds'),
  start: (round: NewRound) => api.post<Round>('/api/rounds', round),
  /** Closes an open discussion with posts and opens its poll (moderators). */
  closeDiscussion: (discussionId: number) => api.post<RoundUpdate>(`/api/rounds/close-discussion/${discussionId}`),
  /** Closes a poll with at least one vote: a book, the book discussion, or a tiebreaker follows (moderators). */
  closePoll: (pollId: number) => api.post<RoundUpdate>(`/api/rounds/close-poll/${pollId}`),
};
