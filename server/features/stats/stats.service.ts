import type { DataSource } from 'typeorm';
import type { MemberStats } from '../../../shared/api/stats';
import { sqliteOf } from '../../db/data-source';
import { statement } from '../../db/table';
import { userTable } from '../accounts';
import { bookTable } from '../books';
import { meetingCheckInTable, meetingTable } from '../meetings';
import { postTable } from '../discussions';
import { recommendationTable } from '../recommendations';
import { reviewTable } from '../reviews';

const user = userTable.qualified;
const review = reviewTable.qualified;
const book = bookTable.qualified;
const post = postTable.qualified;
const recommendation = recommendationTable.qualified;
const checkIn = meetingCheckInTable.qualified;
const meeting = meetingTable.qualified;

/** What SQLite counts for each member. */
type Counts = Pick<MemberStats, 'booksRatedCount' | 'winningBooksCount' | 'recommendationCount' | 'meetingsAttendedCount'>;

/** Each member taking part (isActiveParticipant = @yes), not a bot (isBot = @no) nor disabled, by name, with their counts. */
const MEMBER_STATS = `SELECT ${userTable.columns(['id', 'name'])},
    (SELECT COUNT(*) FROM ${reviewTable.name} WHERE ${review('ownerId')} = ${user('id')} AND ${review('rating')} IS NOT NULL) AS "booksRatedCount",
    (SELECT COUNT(*) FROM ${bookTable.name} JOIN ${postTable.name} ON ${post('id')} = ${book('postId')} WHERE ${post('ownerId')} = ${user('id')}) AS "winningBooksCount",
    (SELECT COUNT(*) FROM ${recommendationTable.name} WHERE ${recommendation('ownerId')} = ${user('id')}) AS "recommendationCount",
    (SELECT COUNT(*) FROM ${meetingCheckInTable.name} JOIN ${meetingTable.name} ON ${meeting('id')} = ${checkIn('meetingId')}
      WHERE ${checkIn('userId')} = ${user('id')} AND ${meeting('isCancelled')} = @no) AS "meetingsAttendedCount"
  FROM ${userTable.name}
  WHERE ${user('isActiveParticipant')} = @yes AND ${user('isBot')} = @no AND ${user('disabledOn')} IS NULL
  ORDER BY ${user('name')} COLLATE NOCASE, ${user('id')}`;

/** The club's statistics, counted by SQLite in one pass over each table. */
export class StatsService {
  constructor(private readonly db: DataSource) {}

  /** Active members (as poll progress counts them: no bots, no disabled accounts), by name. */
  async members(): Promise<MemberStats[]> {
    const rows = statement(sqliteOf(this.db), MEMBER_STATS).all({ yes: 1, no: 0 }) as (Record<string, unknown> & Counts)[];
    return rows.map((raw) => {
      const { id, name } = userTable.fromSql(raw, ['id', 'name']);
      return {
        userId: id,
        userName: name,
        booksRatedCount: raw.booksRatedCount,
        winningBooksCount: raw.winningBooksCount,
        recommendationCount: raw.recommendationCount,
        meetingsAttendedCount: raw.meetingsAttendedCount,
      };
    });
  }
}
