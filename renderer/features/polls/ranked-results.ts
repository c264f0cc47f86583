import type { Post } from '../../../shared/api/discussions';
import type { Poll, Vote } from '../../../shared/api/polls';

/** One option's count in a round of a ranked poll's instant runoff. */
export interface RankedRow {
  post: Post;
  votes: number;
  percentage: number;
  /** This round eliminated it. */
  isEliminated: boolean;
  /** The poll's winner, in the round that decided it. */
  isWinner: boolean;
}

/** How the last round ended: the winner (closed), an option with more than half so far (open), or a tie. */
export type RoundEnding = { kind: 'winner' | 'majority'; post: Post } | { kind: 'tie'; posts: Post[] };

export interface RankedRoundView {
  /** 1 for the first round. */
  number: number;
  /** The options still standing, most votes first. */
  rows: RankedRow[];
  /** What this round eliminated (several when tied for fewest); none in the last round. */
  eliminated: Post[];
  /** The ballots still counting in this round (a ballot whose ranked options are all out counts no more). */
  ballots: number;
  /** The last round's ending; null for the rounds before it, or when no ballot counts. */
  ending: RoundEnding | null;
}

/**
 * A ranked poll's rounds of counting as its results show them, first round first (DECISIONS.md): each
 * round's counts, what it eliminated, and how the last one ended. Empty while the counts are hidden from
 * this member (an open poll they have not voted in) or before any round is counted.
 */
export function rankedRoundsView(poll: Poll): RankedRoundView[] {
  const posts = new Map(poll.options.map((post) => [post.postId, post]));
  const postsOf = (ids: readonly number[]) => ids.flatMap((id) => posts.get(id) ?? []);
  const rounds = poll.results.rankedRounds ?? [];
  return rounds.map((round, index) => {
    const isLast = index === rounds.length - 1;
    const eliminated = new Set(round.eliminated);
    const ballots = round.votes.reduce((sum, count) => sum + count.votes, 0);
    const rows = round.votes.flatMap(({ postId, votes, percentage }) => {
      const post = posts.get(postId);
      return post ? [{ post, votes, percentage, isEliminated: eliminated.has(postId), isWinner: isLast && postId === poll.results.winnerPostId }] : [];
    });
    return { number: index + 1, rows, eliminated: postsOf(round.eliminated), ballots, ending: isLast ? endingOf(rows, ballots) : null };
  });
}

function endingOf(rows: RankedRow[], ballots: number): RoundEnding | null {
  const leader = rows[0];
  if (!leader || ballots === 0) return null;
  const winner = rows.find((row) => row.isWinner);
  if (winner) return { kind: 'winner', post: winner.post };
  if (leader.votes * 2 > ballots) return { kind: 'majority', post: leader.post };
  return { kind: 'tie', posts: rows.filter((row) => row.votes === leader.votes).map((row) => row.post) };
}

/** The member's own ballot, most wanted first, as the options they ranked. */
export function myRanking(poll: Poll, myVote: Vote | null): Post[] {
  const posts = new Map(poll.options.map((post) => [post.postId, post]));
  return (myVote?.postIds ?? []).flatMap((id) => posts.get(id) ?? []);
}
