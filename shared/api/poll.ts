import { z } from 'zod';
import { component, field } from './contract';
import { TOPICS, postSchema, versionField } from './discussions';

// What the API answers about polls; apart from polls.ts so that rounds.ts can build RoundUpdate from it.

export const FOLLOWUP_KINDS = ['Poll', 'Book', 'Discussion'] as const;
export type FollowupKind = (typeof FOLLOWUP_KINDS)[number];

/** How a poll's ballots are counted (DECISIONS.md, "Ranked choice and check-in"): approval, as Obskurnee, or ranked (instant runoff). */
export const VOTING_METHODS = ['approval', 'ranked'] as const;
export type VotingMethod = (typeof VOTING_METHODS)[number];

export const pollVoteCountSchema = component(
  'PollVoteCount',
  "One option's count.",
  z.object({
    postId: field.id('post'),
    votes: z.number().int(),
    percentage: z.number().int().describe('floor(100 × votes / voters)'),
  }),
);
export type PollVoteCount = z.infer<typeof pollVoteCountSchema>;

export const rankedRoundSchema = component(
  'RankedRound',
  "One round of a ranked poll's instant-runoff count.",
  z.object({
    votes: z.array(pollVoteCountSchema).describe('Each option still standing, most votes first; percentages of the ballots still counting in this round.'),
    eliminated: z.array(field.id('post')).describe('The options this round eliminated (together, when tied for fewest); empty in the last round.'),
  }),
);
export type RankedRound = z.infer<typeof rankedRoundSchema>;

export const voterSummarySchema = component('VoterSummary', 'A member in the poll progress line.', z.object({ userId: field.userId(), name: z.string() }));
export type VoterSummary = z.infer<typeof voterSummarySchema>;

export const pollResultsSchema = component(
  'PollResults',
  'Votes so far.',
  z.object({
    votes: z
      .array(pollVoteCountSchema)
      .describe('Most votes first. Empty for a member who has not voted while the poll is open, so no one votes by the crowd.'),
    alreadyVoted: z.array(field.userId()).describe('User ids of everyone who has voted.'),
    winnerPostId: field.id('winning post').nullable(),
    activeMembers: z.array(voterSummarySchema).describe('The active members (voted or not), for the progress line: who has voted and who has not.'),
    rankedRounds: z
      .array(rankedRoundSchema)
      .optional()
      .describe("A ranked poll's count, first round first (`votes` is the last round's); hidden as `votes` is. Absent for approval polls."),
  }),
);
export type PollResults = z.infer<typeof pollResultsSchema>;

export const followupLinkSchema = component(
  'FollowupLink',
  'What a closed poll led to.',
  z.object({ kind: z.enum(FOLLOWUP_KINDS), entityId: z.number().int().describe('The id of the poll, book or discussion it led to.') }),
);

export const pollSchema = component(
  'Poll',
  'A poll whose options are the posts of a closed discussion (approval or ranked voting).',
  z.object({
    pollId: field.id('poll'),
    discussionId: field.id('discussion'),
    roundId: field.id('round'),
    title: z.string(),
    topic: z.enum(TOPICS),
    isClosed: z.boolean(),
    isTiebreaker: z.boolean(),
    previousPollId: field.id('poll this tiebreaker follows').nullable(),
    options: z.array(postSchema),
    results: pollResultsSchema,
    followupLink: followupLinkSchema.nullable(),
    decidedByLot: z.boolean().describe('True when a tie in a tiebreaker was settled by lot among the tied options.'),
    closesAt: field
      .dateTime()
      .nullable()
      .describe('When the poll closes itself (as a moderator would close it then); null without a deadline. A poll without votes at its deadline stays open.'),
    createdOn: field.dateTime(),
    version: versionField('poll (a ballot, its deadline, its close)'),
    votingMethod: z
      .enum(VOTING_METHODS)
      .describe('approval: a ballot ticks the options it approves of; ranked: it orders them, first = most wanted, counted by instant runoff.'),
  }),
);
export type Poll = z.infer<typeof pollSchema>;

/**
 * A poll's state without what grows with the club: no options (the discussion's posts, which a client
 * already has) and no voters or members (names). Live events carry it, and a vote's short answer.
 */
export const pollStateSchema = component(
  'PollState',
  'A poll without its options and voters: its own fields, the counts as the recipient may see them, and its version.',
  pollSchema.omit({ options: true, results: true }).extend({ results: pollResultsSchema.pick({ votes: true, winnerPostId: true, rankedRounds: true }) }),
);
export type PollState = z.infer<typeof pollStateSchema>;

export const voteRecordSchema = component('Vote', "A member's ballot.", z.object({ pollId: field.id('poll'), postIds: z.array(field.id('post')) }));
export type Vote = z.infer<typeof voteRecordSchema>;

export const pollInfoSchema = component('PollInfo', "A poll and the caller's own vote.", z.object({ poll: pollSchema, myVote: voteRecordSchema.nullable() }));
export type PollInfo = z.infer<typeof pollInfoSchema>;
