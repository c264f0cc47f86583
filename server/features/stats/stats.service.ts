import type { DataSource } from 'typeorm';
import type { MemberStats } from '../../../shared/api/stats';

/** The club's statistics, counted by SQLite in one pass over each table. */
export class StatsService {
  constructor(private readonly db: DataSource) {}

  /** Active members (as poll progress counts them: no bots, no disabled accounts), by name. */
  async members(): Promise<MemberStats[]> {
    const rows: { userId: string; userName: string; booksRatedCount: number; winningBooksCount: number; recommendationCount: number }[] = await this.db.query(
      `SELECT u."id" AS "userId", u."name" AS "userName",
           (SELECT COUNT(*) FROM "review" r WHERE r."ownerId" = u."id" AND r."rating" IS NOT NULL) AS "booksRatedCount",
           (SELECT COUNT(*) FROM "book" b JOIN "post" p ON p."id" = b."postId" WHERE p."ownerId" = u."id") AS "winningBooksCount",
           (SELECT COUNT(*) FROM "recommendation" c WHERE c."ownerId" = u."id") AS "recommendationCount"
         FROM "user" u
         WHERE u."isActiveParticipant" = 1 AND u."isBot" = 0 AND u."disabledOn" IS NULL
         ORDER BY u."name" COLLATE NOCASE, u."id"`,
    );
    return rows;
  }
}
