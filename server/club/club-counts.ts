import { DataSource } from 'typeorm';
import { entities } from '../db/entities';
import { UserEntity } from '../features/accounts';
import { BookEntity } from '../features/books';
import { PostEntity } from '../features/discussions';
import { MeetingEntity } from '../features/meetings';
import { PollEntity, VoteEntity } from '../features/polls';
import { ReviewEntity } from '../features/reviews';

/**
 * What a club database holds, for a backup's manifest and a restore's report: members, bots, posts, polls,
 * votes, books, reviews, meetings. Read through the entities the features export, so no table is named
 * here; a table an older club lacks counts 0. The file is opened read-only (a snapshot or a staged restore).
 */
export async function countClub(dbFile: string, nativeBinding?: string): Promise<Record<string, number>> {
  const db = new DataSource({
    type: 'better-sqlite3',
    database: dbFile,
    entities,
    readonly: true,
    fileMustExist: true,
    synchronize: false,
    logging: false,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  await db.initialize();
  try {
    const rows = (await db.query(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`)) as { name: string }[];
    const tables = new Set(rows.map((row) => row.name));
    const has = (entity: Parameters<DataSource['getMetadata']>[0]) => tables.has(db.getMetadata(entity).tableName);
    return {
      members: has(UserEntity) ? await db.getRepository(UserEntity).countBy({ isBot: false }) : 0,
      bots: has(UserEntity) ? await db.getRepository(UserEntity).countBy({ isBot: true }) : 0,
      posts: has(PostEntity) ? await db.getRepository(PostEntity).count() : 0,
      polls: has(PollEntity) ? await db.getRepository(PollEntity).count() : 0,
      votes: has(VoteEntity) ? await db.getRepository(VoteEntity).count() : 0,
      books: has(BookEntity) ? await db.getRepository(BookEntity).count() : 0,
      reviews: has(ReviewEntity) ? await db.getRepository(ReviewEntity).count() : 0,
      meetings: has(MeetingEntity) ? await db.getRepository(MeetingEntity).count() : 0,
    };
  } finally {
    await db.destroy();
  }
}
