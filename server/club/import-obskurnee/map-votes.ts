import type { PollRow, VoteChoiceRow, VoteRow } from '../../features/polls';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { int, json } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

export interface MappedVotes {
  votes: VoteRow[];
  voteChoices: VoteChoiceRow[];
}

/** Every ballot of an imported poll, with the options it ticked that are the poll's own. */
export function mapVotes(
  club: ObskurneeClub,
  context: MappingContext,
  memberIdOf: MemberIdOf,
  polls: PollRow[],
  optionsOf: Map<number, number[]>,
): MappedVotes {
  const pollById = new Map(polls.map((p) => [p.id, p]));
  const votes: VoteRow[] = [];
  const voteChoices: VoteChoiceRow[] = [];
  for (const row of club.votes) {
    const pollId = int(row.PollId)!;
    const poll = pollById.get(pollId);
    const userId = memberIdOf(row.OwnerId);
    if (!poll || !userId) {
      if (poll) context.problems.push(`A vote in poll ${pollId} belongs to no member that was imported; left out.`);
      continue;
    }
    const ticked = json(row.PostIdsSerialized);
    const options = optionsOf.get(pollId) ?? [];
    const chosen = Array.isArray(ticked) ? [...new Set(ticked.map(int).filter((postId): postId is number => postId !== null))] : [];
    const valid = chosen.filter((postId) => options.includes(postId));
    if (valid.length < chosen.length || !Array.isArray(ticked)) {
      context.problems.push(
        `A vote in poll ${pollId} ticked ${Array.isArray(ticked) ? "options that are not the poll's" : 'nothing readable'}; ${valid.length ? 'its other choices are kept' : 'left out'}.`,
      );
    }
    if (valid.length === 0) continue;
    // A member could change a ballot in Obskurnee: the vote is dated by its last change.
    const votedOn = context.created(row, `a vote in poll ${pollId}`, poll.createdOn);
    votes.push({ pollId, userId, createdOn: context.modified(row, votedOn) });
    for (const postId of valid) voteChoices.push({ pollId, userId, postId, rank: null });
  }
  return { votes, voteChoices };
}
