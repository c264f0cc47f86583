import { z } from 'zod';
import type { Post, Topic } from './discussions';

export type FollowupKind = 'Poll' | 'Book' | 'Discussion';

export interface PollVoteCount {
  postId: number;
  votes: number;
  /** floor(100 × votes / voters) */
  percentage: number;
}

export interface VoterSummary {
  userId: string;
  name: string;
}

export interface PollResults {
  /** Most votes first. Empty for a member who has not voted while the poll is open, so no one votes by the crowd. */
  votes: PollVoteCount[];
  /** userIds of everyone who has voted. */
  alreadyVoted: string[];
  winnerPostId: number | null;
  /** The active members (voted or not), for the progress line: who has voted and who has not. */
  activeMembers: VoterSummary[];
}

export interface Poll {
  pollId: number;
  discussionId: number;
  roundId: number;
  title: string;
  topic: Topic;
  isClosed: boolean;
  isTiebreaker: boolean;
  previousPollId: number | null;
  options: Post[];
  results: PollResults;
  followupLink: { kind: FollowupKind; entityId: number } | null;
  /** True when a tie in a tiebreaker was settled by lot among the tied options. */
  decidedByLot: boolean;
  createdOn: string;
}

export interface Vote {
  pollId: number;
  postIds: number[];
}

export interface PollInfo {
  poll: Poll;
  myVote: Vote | null;
}

export const voteSchema = z.object({
  postIds: z
    .array(z.number({ error: 'validation:wrongType' }).int().positive(), { error: 'validation:voteRequired' })
    .min(1, { error: 'validation:voteRequired' })
    .max(500, { error: 'validation:tooLong' })
    .transform((ids) => [...new Set(ids)]),
});
