import type { NewRound } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';

export const roundsService = {
  /** Newest first. */
  list: () => api.rounds.list(),
  start: (round: NewRound) => api.rounds.start({ body: round }),
  /** Closes an open discussion with posts and opens its poll (moderators). */
  closeDiscussion: (discussionId: number) => api.rounds.closeDiscussion({ params: { discussionId } }),
  /** Closes a poll with at least one vote: a book, the book discussion, or a tiebreaker follows (moderators). */
  closePoll: (pollId: number) => api.rounds.closePoll({ params: { pollId } }),
};
