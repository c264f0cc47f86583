import type { DataSource } from 'typeorm';
import type { MemberStats } from '../../../shared/api/stats';
import { sqliteOf } from '../../db/data-source';
import { statement } from '../../db/table';
import { userTable, type User } from '../accounts';
import { bookTable, type BookRow } from '../books';
import { postTable, type PostRow } from '../discussions';
import { recommendationTable, type RecommendationRow } from '../recommendations';
import { reviewTable, type ReviewRow } from '../reviews';

const user = (property: keyof User & string) => userTable.columns([property]);
const review = (property: keyof ReviewRow & string) => reviewTable.columns([property]);
const book = (property: keyof BookRow & string) => bookTable.columns([property]);
const post = (property: keyof PostRow & string) => postTable.columns([property]);
const recommendation = (property: keyof RecommendationRow & string) => recommendationTable.columns([property]);

/** What SQLite counts for each member. */
type Counts = Pick<MemberStats, 'booksRatedCount' | 'winningBooksCount' | 'recommendationCount'>;

/** Each member taking part (isActiveParticipant = @yes), not a bot (isBot = @no) nor disabled, by name, with their counts. */
const MEMBER_STATS = `SELECT ${userTable.columns(['id', 'name'])},
    (SELECT COUNT(*) FROM ${reviewTable.name} WHERE ${review('ownerId')} = ${user('id')} AND ${review('rating')} IS NOT NULL) AS "booksRatedCount",
    (SELECT COUNT(*) FROM ${bookTable.name} JOIN ${postTable.name} ON ${post('id')} = ${book('postId')} WHERE ${post('ownerId')} = ${user('id')}) AS "winningBooksCount",
    (SELECT COUNT(*) FROM ${recommendationTable.name} WHERE ${recommendation('ownerId')} = ${user('id')}) AS "recommendationCount"
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
      };
    });
  }
}
