import type BetterSqlite3 from 'better-sqlite3';
import type { Topic } from '../../../shared/api/discussions';
import { findRow, insertRow, updateRows } from '../../db/table';
import { roundTable, type RoundRow } from './round.entity';

type Sql = BetterSqlite3.Database;

/**
 * The round table as the club's write transactions read and change it (synchronous, inside
 * `writeTransaction`). A round's steps fill its slots: per topic a discussion, a poll and a tiebreaker,
 * then the book.
 */
const rounds = roundTable;

export type NewRound = Pick<RoundRow, 'title' | 'description' | 'topic' | 'ownerId' | 'createdOn'>;

export function readRound(sql: Sql, roundId: number): RoundRow | undefined {
  return findRow(sql, rounds, { id: roundId });
}

/** A new round with no step taken yet; answers its id. */
export function createRound(sql: Sql, round: NewRound): number {
  return insertRow(sql, rounds, {
    title: round.title,
    description: round.description,
    topic: round.topic,
    ownerId: round.ownerId,
    createdOn: round.createdOn,
  });
}

/** The round's discussion of this topic (a Books topic fills the book discussion). */
export function setRoundDiscussion(sql: Sql, roundId: number, topic: Topic, discussionId: number): void {
  updateRows(sql, rounds, { id: roundId }, topic === 'Books' ? { bookDiscussionId: discussionId } : { themeDiscussionId: discussionId });
}

export function setRoundPoll(sql: Sql, roundId: number, topic: Topic, pollId: number): void {
  updateRows(sql, rounds, { id: roundId }, topic === 'Books' ? { bookPollId: pollId } : { themePollId: pollId });
}

export function setRoundTiebreaker(sql: Sql, roundId: number, topic: Topic, pollId: number): void {
  updateRows(sql, rounds, { id: roundId }, topic === 'Books' ? { bookTiebreakerPollId: pollId } : { themeTiebreakerPollId: pollId });
}

export function setRoundBook(sql: Sql, roundId: number, bookId: number): void {
  updateRows(sql, rounds, { id: roundId }, { bookId });
}
