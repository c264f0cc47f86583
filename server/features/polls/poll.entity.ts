import { column, defineTable, type RowOf } from '../../db/table';
import type { Topic } from '../../../shared/api/discussions';
import type { FollowupKind, VotingMethod } from '../../../shared/api/polls';

export const pollTable = defineTable('poll', {
  id: column.generatedId(),
  discussionId: column.integer(),
  roundId: column.integer(),
  title: column.varchar(300),
  topic: column.varchar<Topic>(20),
  isClosed: column.boolean(),
  isTiebreaker: column.boolean(),
  previousPollId: column.integer().nullable(),
  winnerPostId: column.integer().nullable(),
  decidedByLot: column.boolean(),
  followupKind: column.varchar<FollowupKind>(20).nullable(),
  followupId: column.integer().nullable(),
  ownerId: column.varchar(36).nullable(),
  /** When the poll closes itself; null without a deadline. */
  closesAt: column.varchar(30).nullable(),
  /** When the reminder before the deadline went to those who had not voted; null while it has not. */
  reminderSentOn: column.varchar(30).nullable(),
  /** When the moderators were told that the deadline found no votes; null while they were not. */
  deadlineMissedOn: column.varchar(30).nullable(),
  createdOn: column.varchar(30),
  /** One more with every change members see: ballots (once per commit), the deadline, the close (live events carry it). */
  version: column.integer(),
  /** How its ballots are counted: approval (as Obskurnee) or ranked (instant runoff). */
  votingMethod: column.varchar<VotingMethod>(10),
  /** When it closed; null while open, and for polls closed before the club kept it. */
  closedOn: column.varchar(30).nullable(),
});
export type PollRow = RowOf<typeof pollTable>;

/** A poll's options are posts of its discussion, in their order. */
export const pollOptionTable = defineTable('poll_option', {
  pollId: column.integer().primary(),
  postId: column.integer().primary(),
  position: column.integer(),
});
export type PollOptionRow = RowOf<typeof pollOptionTable>;

/** One member's ballot in a poll; its ticked options are VoteChoice rows. */
export const voteTable = defineTable('vote', {
  pollId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  createdOn: column.varchar(30),
});
export type VoteRow = RowOf<typeof voteTable>;

export const voteChoiceTable = defineTable('vote_choice', {
  pollId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  postId: column.integer().primary(),
  /** Its place on a ranked ballot, 0 = most wanted; null on an approval ballot. */
  rank: column.integer().nullable(),
});
export type VoteChoiceRow = RowOf<typeof voteChoiceTable>;
