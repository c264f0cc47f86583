import type { BookRow } from '../../features/books';
import type { DiscussionRow } from '../../features/discussions';
import type { PollOptionRow, PollRow } from '../../features/polls';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import type { ObskurneeRounds } from './map-rounds';
import { FOLLOWUP_KINDS, TOPICS } from './obskurnee-schema';
import { bool, enumName, field, int, json, str, type Row } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

export interface MappedPolls {
  polls: PollRow[];
  pollOptions: PollOptionRow[];
  /** Each poll's options (the ids of imported posts), in the poll's order. */
  optionsOf: Map<number, number[]>;
}

export interface PollLinks {
  memberIdOf: MemberIdOf;
  rounds: ObskurneeRounds;
  discussions: DiscussionRow[];
  postIds: Set<number>;
}

/** Polls of imported discussions, with their options (imported posts) and their outcome as Obskurnee stored it. */
export function mapPolls(club: ObskurneeClub, context: MappingContext, links: PollLinks): MappedPolls {
  const polls: PollRow[] = [];
  const pollOptions: PollOptionRow[] = [];
  const optionsOf = pollOptionsOf(club, links.postIds);
  for (const row of club.polls) {
    const id = int(row.PollId)!;
    const discussionId = int(row.DiscussionId);
    const discussion = discussionId !== null ? links.discussions.find((d) => d.id === discussionId) : undefined;
    const topic = enumName(TOPICS, row.Topic);
    if (!discussion || (topic !== 'Books' && topic !== 'Themes')) {
      context.problems.push(`Poll ${id} belongs to no imported discussion (or has an unknown topic); left out with its votes.`);
      continue;
    }
    const options = optionsOf.get(id) ?? [];
    polls.push({
      id,
      discussionId: discussion.id,
      roundId: links.rounds.ids.has(int(row.RoundId)) ? int(row.RoundId)! : discussion.roundId,
      title: str(row.Title) ?? discussion.title,
      topic,
      isClosed: bool(row.IsClosed),
      isTiebreaker: bool(row.IsTiebreaker),
      previousPollId: int(row.PreviousPollId),
      // Obskurnee counts by approval alone, and keeps no closing time.
      votingMethod: 'approval',
      closedOn: null,
      ...storedOutcome(row, id, options, context),
      ownerId: links.memberIdOf(row.OwnerId) ?? null,
      // Obskurnee's polls had no deadlines.
      closesAt: null,
      reminderSentOn: null,
      deadlineMissedOn: null,
      createdOn: context.created(row, `poll ${id}`, discussion.createdOn),
      // Live events count changes from here on (server/realtime/versions.ts).
      version: 0,
    });
    options.forEach((postId, position) => pollOptions.push({ pollId: id, postId, position }));
  }
  const pollIds = new Set(polls.map((p) => p.id));
  for (const poll of polls) {
    if (poll.previousPollId !== null && !pollIds.has(poll.previousPollId)) poll.previousPollId = null;
  }
  return { polls, pollOptions, optionsOf };
}

/** The options of each poll, as far as their posts were imported. */
function pollOptionsOf(club: ObskurneeClub, postIds: Set<number>): Map<number, number[]> {
  const optionsOf = new Map<number, number[]>();
  for (const row of club.pollOptions) {
    const pollId = int(row.AllPollsPollId)!;
    const postId = int(row.OptionsPostId)!;
    if (!postIds.has(postId)) continue;
    if (!optionsOf.has(pollId)) optionsOf.set(pollId, []);
    optionsOf.get(pollId)!.push(postId);
  }
  return optionsOf;
}

/** A poll's winner, whether a lot decided it, and where it led, from the JSON Obskurnee stored. */
function storedOutcome(row: Row, id: number, options: number[], context: MappingContext) {
  const results = json(row.ResultsSerialized);
  const followup = json(row.FollowupLinkSerialized);
  if (results === undefined || followup === undefined)
    context.problems.push(`Poll ${id}'s stored results or followup are not readable JSON; its ballots are kept.`);
  const winnerPostId = int(field(results, 'WinnerPostId'));
  const followupKind = enumName(FOLLOWUP_KINDS, field(followup, 'kind'));
  const followupId = int(field(followup, 'entityId'));
  const isTiebreaker = bool(row.IsTiebreaker);
  const votesField = field(results, 'Votes');
  const storedVotes: unknown[] = Array.isArray(votesField) ? votesField : [];
  let top = 0;
  for (const v of storedVotes) top = Math.max(top, int(field(v, 'Votes')) ?? 0);
  return {
    winnerPostId: winnerPostId !== null && options.includes(winnerPostId) ? winnerPostId : null,
    // Obskurnee settled a tie in a tiebreaker by lot, without saying so; the counts show it.
    decidedByLot: isTiebreaker && bool(row.IsClosed) && storedVotes.filter((v) => (int(field(v, 'Votes')) ?? 0) === top).length > 1,
    followupKind: followupKind && followupId ? followupKind : null,
    followupId: followupKind && followupId ? followupId : null,
  };
}

/** A followup names a poll, book or discussion that must have come over too, or the link would lead nowhere. */
export function unlinkFollowupsLeftOut(polls: PollRow[], books: BookRow[], discussions: DiscussionRow[], context: MappingContext): void {
  const pollIds = new Set(polls.map((p) => p.id));
  const bookIds = new Set(books.map((b) => b.id));
  const discussionIds = new Set(discussions.map((d) => d.id));
  for (const poll of polls) {
    if (poll.followupKind === null || poll.followupId === null) continue;
    const known =
      poll.followupKind === 'Poll'
        ? pollIds.has(poll.followupId)
        : poll.followupKind === 'Book'
          ? bookIds.has(poll.followupId)
          : discussionIds.has(poll.followupId);
    if (known) continue;
    context.problems.push(`Poll ${poll.id} led to ${poll.followupKind.toLowerCase()} ${poll.followupId}, which was not imported; the link is left out.`);
    poll.followupKind = null;
    poll.followupId = null;
  }
}
