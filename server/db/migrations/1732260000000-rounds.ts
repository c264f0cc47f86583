import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The club's round: rounds, discussions and their posts, polls with their options and votes, books. */
export class Rounds1732260000000 implements MigrationInterface {
  name = 'Rounds1732260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "round" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "title" varchar(200) NOT NULL,
        "description" text,
        "topic" varchar(20) NOT NULL CHECK ("topic" IN ('Books', 'Themes')),
        "themeDiscussionId" integer,
        "themePollId" integer,
        "themeTiebreakerPollId" integer,
        "bookDiscussionId" integer,
        "bookPollId" integer,
        "bookTiebreakerPollId" integer,
        "bookId" integer,
        "ownerId" varchar(36) REFERENCES "user" ("id") ON DELETE SET NULL,
        "createdOn" varchar(30) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "discussion" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "roundId" integer NOT NULL REFERENCES "round" ("id") ON DELETE CASCADE,
        "title" varchar(300) NOT NULL,
        "description" text,
        "topic" varchar(20) NOT NULL CHECK ("topic" IN ('Books', 'Themes', 'Recommendations')),
        "isClosed" boolean NOT NULL DEFAULT (0),
        "pollId" integer,
        "ownerId" varchar(36) REFERENCES "user" ("id") ON DELETE SET NULL,
        "createdOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_discussion_open" ON "discussion" ("isClosed", "id")`);
    await q.query(`
      CREATE TABLE "post" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "discussionId" integer NOT NULL REFERENCES "discussion" ("id") ON DELETE CASCADE,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "title" varchar(300) NOT NULL,
        "author" varchar(300),
        "pageCount" integer,
        "url" varchar(1000),
        "imageUrl" varchar(1000),
        "text" text,
        "parentPostId" integer REFERENCES "post" ("id") ON DELETE SET NULL,
        "parentRecommendationId" integer,
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_post_discussion" ON "post" ("discussionId", "id")`);
    await q.query(`
      CREATE TABLE "poll" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "discussionId" integer NOT NULL REFERENCES "discussion" ("id") ON DELETE CASCADE,
        "roundId" integer NOT NULL REFERENCES "round" ("id") ON DELETE CASCADE,
        "title" varchar(300) NOT NULL,
        "topic" varchar(20) NOT NULL,
        "isClosed" boolean NOT NULL DEFAULT (0),
        "isTiebreaker" boolean NOT NULL DEFAULT (0),
        "previousPollId" integer REFERENCES "poll" ("id"),
        "winnerPostId" integer REFERENCES "post" ("id"),
        "decidedByLot" boolean NOT NULL DEFAULT (0),
        "followupKind" varchar(20),
        "followupId" integer,
        "ownerId" varchar(36) REFERENCES "user" ("id") ON DELETE SET NULL,
        "createdOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_poll_open" ON "poll" ("isClosed", "id")`);
    // A tiebreaker of a poll can exist only once, whatever races to make it.
    await q.query(`CREATE UNIQUE INDEX "IX_poll_previous" ON "poll" ("previousPollId") WHERE "previousPollId" IS NOT NULL`);
    await q.query(`
      CREATE TABLE "poll_option" (
        "pollId" integer NOT NULL REFERENCES "poll" ("id") ON DELETE CASCADE,
        "postId" integer NOT NULL REFERENCES "post" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        PRIMARY KEY ("pollId", "postId")
      )`);
    await q.query(`
      CREATE TABLE "vote" (
        "pollId" integer NOT NULL REFERENCES "poll" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "createdOn" varchar(30) NOT NULL,
        PRIMARY KEY ("pollId", "userId")
      )`);
    await q.query(`
      CREATE TABLE "vote_choice" (
        "pollId" integer NOT NULL,
        "userId" varchar(36) NOT NULL,
        "postId" integer NOT NULL,
        PRIMARY KEY ("pollId", "userId", "postId"),
        FOREIGN KEY ("pollId", "userId") REFERENCES "vote" ("pollId", "userId") ON DELETE CASCADE,
        FOREIGN KEY ("pollId", "postId") REFERENCES "poll_option" ("pollId", "postId") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "book" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "order" integer NOT NULL UNIQUE,
        "roundId" integer NOT NULL REFERENCES "round" ("id"),
        "postId" integer NOT NULL REFERENCES "post" ("id"),
        "createdOn" varchar(30) NOT NULL
      )`);
    // One book per round: a second close of the same poll can never number a second book.
    await q.query(`CREATE UNIQUE INDEX "IX_book_round" ON "book" ("roundId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['book', 'vote_choice', 'vote', 'poll_option', 'poll', 'post', 'discussion', 'round']) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
