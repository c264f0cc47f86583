import type { DiscussionRow } from '../../features/discussions';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import type { ObskurneeRounds } from './map-rounds';
import { TOPICS } from './obskurnee-schema';
import { bool, enumName, int, str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** The rounds' discussions; one of no imported round, or of a topic Bookclub has not, is left out. */
export function mapDiscussions(club: ObskurneeClub, context: MappingContext, memberIdOf: MemberIdOf, rounds: ObskurneeRounds): DiscussionRow[] {
  const discussions: DiscussionRow[] = [];
  for (const row of club.discussions) {
    const id = int(row.DiscussionId)!;
    const roundId = int(row.RoundId);
    const topic = enumName(TOPICS, row.Topic);
    if (roundId === null || !rounds.ids.has(roundId) || !topic) {
      context.problems.push(`Discussion ${id} belongs to no round (or has an unknown topic); left out with its posts and polls.`);
      continue;
    }
    discussions.push({
      id,
      roundId,
      title: str(row.Title) ?? `#${id}`,
      description: str(row.Description),
      topic,
      isClosed: bool(row.IsClosed),
      pollId: int(row.PollId) || null,
      ownerId: memberIdOf(row.OwnerId) ?? null,
      createdOn: context.created(row, `discussion ${id}`, rounds.createdOn(roundId)),
      // Live events count changes from here on (server/realtime/versions.ts).
      version: 0,
    });
  }
  return discussions;
}

/** A discussion whose poll was left out no longer names it. */
export function unlinkPollsLeftOut(discussions: DiscussionRow[], pollIds: { has(id: number): boolean }): void {
  for (const discussion of discussions) {
    if (discussion.pollId !== null && !pollIds.has(discussion.pollId)) discussion.pollId = null;
  }
}
