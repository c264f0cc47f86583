import type { Poll } from '../../../shared/api/poll';

/**
 * What the room shows of a poll: while it is open, only who has voted ("5 of 9 have voted"); the counts once
 * a moderator reveals them or the poll closes; for a ranked poll, each round of the count.
 */
export type RoomPollPhase = 'hidden' | 'revealed' | 'closed';

export function roomPollPhase(poll: Pick<Poll, 'isClosed'>, revealed: boolean): RoomPollPhase {
  if (poll.isClosed) return 'closed';
  return revealed ? 'revealed' : 'hidden';
}

/** How many of the active members have voted. */
export function votedCount(poll: Pick<Poll, 'results'>): { voted: number; total: number } {
  const active = new Set(poll.results.activeMembers.map((member) => member.userId));
  const voted = poll.results.alreadyVoted.filter((userId) => active.has(userId)).length;
  return { voted, total: Math.max(active.size, voted) };
}

export interface RoomOptionRow {
  postId: number;
  title: string;
  author: string | null;
  votes: number;
  percentage: number;
  isWinner: boolean;
  /** Out of the count in this round (ranked), or in an earlier one (then votes is 0). */
  eliminated: boolean;
}

const optionTitles = (poll: Pick<Poll, 'options'>) => new Map(poll.options.map((post) => [post.postId, post]));

/** Every option with its count (most first; an option without votes last, in the poll's order). */
export function optionRows(poll: Pick<Poll, 'options' | 'results'>): RoomOptionRow[] {
  const counts = new Map(poll.results.votes.map((count) => [count.postId, count]));
  return poll.options
    .map((post) => ({
      postId: post.postId,
      title: post.title,
      author: post.author ?? null,
      votes: counts.get(post.postId)?.votes ?? 0,
      percentage: counts.get(post.postId)?.percentage ?? 0,
      isWinner: post.postId === poll.results.winnerPostId,
      eliminated: false,
    }))
    .sort((a, b) => b.votes - a.votes);
}

export interface RoomRound {
  /** 1 for the first round. */
  number: number;
  /** The options still standing in this round, most votes first. */
  rows: RoomOptionRow[];
  /** The titles this round eliminated (together, when tied for fewest). */
  eliminated: string[];
}

/** A ranked poll's rounds of counting, as the room shows them; empty for an approval poll or hidden counts. */
export function rankedRounds(poll: Pick<Poll, 'options' | 'results'>): RoomRound[] {
  const posts = optionTitles(poll);
  return (poll.results.rankedRounds ?? []).map((round, index) => {
    const out = new Set(round.eliminated);
    return {
      number: index + 1,
      rows: round.votes.map((count) => ({
        postId: count.postId,
        title: posts.get(count.postId)?.title ?? '',
        author: posts.get(count.postId)?.author ?? null,
        votes: count.votes,
        percentage: count.percentage,
        isWinner: count.postId === poll.results.winnerPostId && index === (poll.results.rankedRounds?.length ?? 0) - 1,
        eliminated: out.has(count.postId),
      })),
      eliminated: round.eliminated.map((postId) => posts.get(postId)?.title ?? ''),
    };
  });
}

/** The winning option's title, once the poll has one. */
export function winnerTitle(poll: Pick<Poll, 'options' | 'results'>): string | null {
  return poll.options.find((post) => post.postId === poll.results.winnerPostId)?.title ?? null;
}
