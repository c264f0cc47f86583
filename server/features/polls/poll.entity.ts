import { EntitySchema } from 'typeorm';
import type { Topic } from '../../../shared/api/discussions';
import type { FollowupKind } from '../../../shared/api/polls';

export interface PollRow {
  id: number;
  discussionId: number;
  roundId: number;
  title: string;
  topic: Topic;
  isClosed: boolean;
  isTiebreaker: boolean;
  previousPollId: number | null;
  winnerPostId: number | null;
  decidedByLot: boolean;
  followupKind: FollowupKind | null;
  followupId: number | null;
  ownerId: string | null;
  /** When the poll closes itself; null without a deadline. */
  closesAt: string | null;
  /** When the reminder before the deadline went to those who had not voted; null while it has not. */
  reminderSentOn: string | null;
  /** When the moderators were told that the deadline found no votes; null while they were not. */
  deadlineMissedOn: string | null;
  createdOn: string;
}

export const PollEntity = new EntitySchema<PollRow>({
  name: 'Poll',
  tableName: 'poll',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    discussionId: { type: 'integer' },
    roundId: { type: 'integer' },
    title: { type: 'varchar', length: 300 },
    topic: { type: 'varchar', length: 20 },
    isClosed: { type: 'boolean' },
    isTiebreaker: { type: 'boolean' },
    previousPollId: { type: 'integer', nullable: true },
    winnerPostId: { type: 'integer', nullable: true },
    decidedByLot: { type: 'boolean' },
    followupKind: { type: 'varchar', length: 20, nullable: true },
    followupId: { type: 'integer', nullable: true },
    ownerId: { type: 'varchar', length: 36, nullable: true },
    closesAt: { type: 'varchar', length: 30, nullable: true },
    reminderSentOn: { type: 'varchar', length: 30, nullable: true },
    deadlineMissedOn: { type: 'varchar', length: 30, nullable: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});

/** A poll's options are posts of its discussion, in their order. */
export interface PollOptionRow {
  pollId: number;
  postId: number;
  position: number;
}

export const PollOptionEntity = new EntitySchema<PollOptionRow>({
  name: 'PollOption',
  tableName: 'poll_option',
  columns: {
    pollId: { type: 'integer', primary: true },
    postId: { type: 'integer', primary: true },
    position: { type: 'integer' },
  },
});

/** One member's ballot in a poll; its ticked options are VoteChoice rows. */
export interface VoteRow {
  pollId: number;
  userId: string;
  createdOn: string;
}

export const VoteEntity = new EntitySchema<VoteRow>({
  name: 'Vote',
  tableName: 'vote',
  columns: {
    pollId: { type: 'integer', primary: true },
    userId: { type: 'varchar', length: 36, primary: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});

export interface VoteChoiceRow {
  pollId: number;
  userId: string;
  postId: number;
}

export const VoteChoiceEntity = new EntitySchema<VoteChoiceRow>({
  name: 'VoteChoice',
  tableName: 'vote_choice',
  columns: {
    pollId: { type: 'integer', primary: true },
    userId: { type: 'varchar', length: 36, primary: true },
    postId: { type: 'integer', primary: true },
  },
});
