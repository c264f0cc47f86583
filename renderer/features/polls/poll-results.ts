import type { Post } from '../../../shared/api/discussions';
import type { Poll, PollInfo, PollResults, VoterSummary } from '../../../shared/api/polls';

/** The progress line: who of the active members has voted and who has not. */
export function votingProgress(results: PollResults): { voted: VoterSummary[]; waiting: VoterSummary[]; total: number } {
  const voted = new Set(results.alreadyVoted);
  return {
    voted: results.activeMembers.filter((m) => voted.has(m.userId)),
    waiting: results.activeMembers.filter((m) => !voted.has(m.userId)),
    total: results.activeMembers.length,
  };
}

/** A member who has voted sees results, not the form (SPEC section 4). */
export function hasVoted(info: PollInfo, userId: string | null | undefined): boolean {
  return info.myVote !== null || (!!userId && info.poll.results.alreadyVoted.includes(userId));
}

export interface ResultRow {
  post: Post;
  votes: number;
  percentage: number;
  isWinner: boolean;
}

/** Every option with its votes and percentage, most votes first (ties keep the poll's order). */
export function resultRows(poll: Poll): ResultRow[] {
  const counts = new Map(poll.results.votes.map((v) => [v.postId, v]));
  return poll.options
    .map((post) => ({
      post,
      votes: counts.get(post.postId)?.votes ?? 0,
      percentage: counts.get(post.postId)?.percentage ?? 0,
      isWinner: post.postId === poll.results.winnerPostId,
    }))
    .sort((a, b) => b.votes - a.votes);
}

/** The options tied on top, which a tiebreaker decides between. */
export function tiedOptions(poll: Poll): Post[] {
  const top = Math.max(0, ...poll.results.votes.map((v) => v.votes));
  if (top === 0) return [];
  const tied = new Set(poll.results.votes.filter((v) => v.votes === top).map((v) => v.postId));
  return poll.options.filter((o) => tied.has(o.postId));
}

export function winnerOf(poll: Poll): Post | null {
  return poll.options.find((o) => o.postId === poll.results.winnerPostId) ?? null;
}
