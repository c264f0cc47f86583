import { type Table } from '../db/table';
import { userTable } from '../features/accounts/user.entity';
import { bookTable } from '../features/books/book.entity';
import { postTable } from '../features/discussions/post.entity';
import { meetingTable } from '../features/meetings/meeting.entity';
import { pollTable, voteTable } from '../features/polls/poll.entity';
import { reviewTable } from '../features/reviews/review.entity';
import { openDatabaseFile } from './database-file';

/**
 * What a club database holds, for a backup's manifest and a restore's report: members, bots, posts, polls,
 * votes, books, reviews, meetings. Tables and columns are named by the entities the features export, so no
 * table is named here; a table an older club lacks counts 0. The file is opened read-only (a snapshot or a
 * staged restore) with better-sqlite3 alone: counting needs no TypeORM data source. The tables come from the
 * features' entity files, not their index: a backup's worker thread counts without loading the server.
 */
export function countClub(dbFile: string, nativeBinding?: string): Record<string, number> {
  const sql = openDatabaseFile(dbFile, { nativeBinding });
  try {
    const tables = new Set((sql.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`).all() as { name: string }[]).map((row) => row.name));
    const count = <Row extends object>(table: Table<Row>, where?: Partial<Row>): number => {
      if (!tables.has(table.name.slice(1, -1).replaceAll('""', '"'))) return 0;
      const condition = where ? table.where(where) : { clause: '1', values: [] };
      return (sql.prepare(`SELECT COUNT(*) AS "count" FROM ${table.name} WHERE ${condition.clause}`).get(...condition.values) as { count: number }).count;
    };
    const users = userTable;
    return {
      members: count(users, { isBot: false }),
      bots: count(users, { isBot: true }),
      posts: count(postTable),
      polls: count(pollTable),
      votes: count(voteTable),
      books: count(bookTable),
      reviews: count(reviewTable),
      meetings: count(meetingTable),
    };
  } finally {
    sql.close();
  }
}
