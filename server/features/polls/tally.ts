import type { PollVoteCount } from '../../../shared/api/polls';

/**
 * Counts approval ballots. Percentages are of voters (a ballot may tick several options), floored;
 * most votes first, ties in the options' own order.
 */
export function tally(optionIds: readonly number[], ballots: readonly (readonly number[])[]): PollVoteCount[] {
  const counts = new Map(optionIds.map((id) => [id, 0]));
  for (const ballot of ballots) for (const id of new Set(ballot)) if (counts.has(id)) counts.set(id, counts.get(id)! + 1);
  const voters = ballots.length;
  return optionIds
    .map((postId, position) => ({ postId, position, votes: counts.get(postId)! }))
    .sort((a, b) => b.votes - a.votes || a.position - b.position)
    .map(({ postId, votes }) => ({ postId, votes, percentage: voters ? Math.floor((100 * votes) / voters) : 0 }));
}

/** The options with the most votes (several when tied); none without votes. */
export function leaders(counts: PollVoteCount[]): number[] {
  const top = counts[0]?.votes ?? 0;
  return top === 0 ? [] : counts.filter((c) => c.votes === top).map((c) => c.postId);
}
