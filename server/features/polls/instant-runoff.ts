import type { PollVoteCount } from '../../../shared/api/polls';

/** One round of an instant-runoff count: each standing option's votes, and the options it eliminated. */
export interface RunoffRound {
  /** Most votes first, ties in the options' own order; percentages of the ballots still counting, floored. */
  votes: PollVoteCount[];
  eliminated: number[];
}

export interface RunoffResult {
  /** First round first. */
  rounds: RunoffRound[];
  /** The option with more than half of the ballots still counting in some round; null when none has. */
  winnerPostId: number | null;
  /** The options left when counting could not part them (a tiebreaker poll is theirs); empty otherwise. */
  tied: number[];
}

/**
 * Counts ranked ballots by instant runoff (DECISIONS.md, "Ranked choice and check-in"). Each ballot lists
 * options most wanted first, and may rank some only. Each round counts every ballot for its highest-ranked
 * option still standing (a ballot whose ranked options are all out counts no more). An option with more
 * than half of the ballots still counting wins. Otherwise the options with the fewest votes are eliminated
 * together, unless that would be every option left: those are tied. With no ballot at all, nothing is
 * decided and nothing tied, as an approval poll without votes.
 */
export function instantRunoff(optionIds: readonly number[], ballots: readonly (readonly number[])[]): RunoffResult {
  const rounds: RunoffRound[] = [];
  let standing = [...optionIds];
  while (standing.length > 0) {
    const counts = new Map(standing.map((id) => [id, 0]));
    let counting = 0;
    for (const ballot of ballots) {
      const choice = ballot.find((id) => counts.has(id));
      if (choice === undefined) continue;
      counts.set(choice, counts.get(choice)! + 1);
      counting++;
    }
    const votes = standing
      .map((postId, position) => ({ postId, position, votes: counts.get(postId)! }))
      .sort((a, b) => b.votes - a.votes || a.position - b.position)
      .map(({ postId, votes }) => ({ postId, votes, percentage: counting ? Math.floor((100 * votes) / counting) : 0 }));
    if (counting === 0 && rounds.length === 0) {
      rounds.push({ votes, eliminated: [] });
      return { rounds, winnerPostId: null, tied: [] };
    }
    const leader = votes[0]!;
    if (leader.votes * 2 > counting) {
      rounds.push({ votes, eliminated: [] });
      return { rounds, winnerPostId: leader.postId, tied: [] };
    }
    const fewest = votes.at(-1)!.votes;
    const eliminated = standing.filter((id) => counts.get(id) === fewest);
    if (eliminated.length === standing.length) {
      rounds.push({ votes, eliminated: [] });
      return { rounds, winnerPostId: null, tied: standing };
    }
    rounds.push({ votes, eliminated });
    standing = standing.filter((id) => counts.get(id) !== fewest);
  }
  return { rounds, winnerPostId: null, tied: [] };
}
