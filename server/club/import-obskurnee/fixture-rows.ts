import { NEVER, fixtureDate as date } from './fixture-facts';

/** Runs one statement of the fixture's transaction. */
export type RunStatement = (sql: string, ...values: unknown[]) => unknown;

/** The members' reading beside the rounds: reviews, Goodreads shelves, subscriptions and the noticeboard. */
export function writeReadingRows(run: RunStatement, { A, M, L, J }: { A: string; M: string; L: string; J: string }): void {
  const review = (bookId: number, owner: string, rating: number | null, text: string) =>
    run(
      `INSERT INTO "BookclubReviews" VALUES (?, ?, NULL, NULL, ?, ?, ?, ?, ?)`,
      `${bookId}-${owner}`,
      bookId,
      rating,
      text,
      owner,
      date('2023-04-01'),
      date('2023-04-02'),
    );
  review(2, A, 5, 'Výborná kniha, **odporúčam**!');
  review(2, M, null, 'Bez hviezdičiek, ale páčila sa mi.');
  review(3, L, 4, 'Ťažké čítanie, ale stojí za to.');

  run(
    `INSERT INTO "GoodreadsReviews" ("ReviewId", "Title", "Author", "Kind", "OwnerId", "CreatedOn", "ModifiedOn") VALUES ('gr-1', 'Anna Kareninová', 'Lev N. Tolstoj', 1, ?, ?, ?)`,
    A,
    date('2023-12-05'),
    date('2023-12-05'),
  );
  run(
    `INSERT INTO "GoodreadsReviews" ("ReviewId", "Title", "Author", "Kind", "Rating", "OwnerId", "CreatedOn", "ModifiedOn") VALUES ('gr-2', 'Dune', 'Frank Herbert', 0, 4, ?, ?, ?)`,
    M,
    date('2023-11-05'),
    date('2023-11-05'),
  );
  for (const [name, userId] of [
    ['basicevents', A],
    ['allevents', A],
    ['basicevents', M],
    ['basicevents', J],
  ] as const) {
    run(`INSERT INTO "NewsletterSubscriptions" VALUES (?, ?, ?)`, `${name}-${userId}`, name, userId);
  }
  run(
    `INSERT INTO "Settings" VALUES ('noticeboard-contents', ?, ?)`,
    '# Oznamy\n\nStretneme sa v **piatok** o 18:00 v kaviarni Čierny pes.',
    date('2023-12-01'),
  );
}

/** The club as years of Obskurnee's upgrades leave it (FixtureOptions.legacy). */
export function ageLikeAnOldClub(run: RunStatement): void {
  // What the 2022 migration's `ADD "ModifiedOn" TEXT NOT NULL DEFAULT '0001-01-01 00:00:00'` left in
  // every older row, and the other text forms of DateTime.MinValue; one post was edited after it.
  for (const table of ['Rounds', 'Discussions', 'Posts', 'Polls', 'Votes', 'Books', 'GoodreadsReviews', 'GoodreadsBookInfos']) {
    run(`UPDATE "${table}" SET "ModifiedOn" = ?`, NEVER.literal);
  }
  run(`UPDATE "BookclubReviews" SET "ModifiedOn" = ?`, NEVER.fraction);
  run(`UPDATE "Recommendations" SET "ModifiedOn" = ?`, NEVER.t);
  run(`UPDATE "Posts" SET "ModifiedOn" = ? WHERE "PostId" = 24`, date('2023-06-20'));
  // A modification before the creation is no modification either.
  run(`UPDATE "Posts" SET "ModifiedOn" = ? WHERE "PostId" = 20`, date('2020-01-01'));
  // Rows with no creation date: they take what they belong to, or the import's time.
  run(`UPDATE "Posts" SET "CreatedOn" = ? WHERE "PostId" = 41`, NEVER.literal);
  run(`UPDATE "BookclubReviews" SET "CreatedOn" = ? WHERE "BookId" = 3`, NEVER.fraction);
  run(`UPDATE "Polls" SET "CreatedOn" = ? WHERE "PollId" = 15`, NEVER.t);
  run(`UPDATE "Recommendations" SET "CreatedOn" = ? WHERE "RecommendationId" = 8`, NEVER.literal);
  run(`UPDATE "Rounds" SET "CreatedOn" = ? WHERE "RoundId" = 4`, NEVER.literal);
  run(`UPDATE "GoodreadsReviews" SET "CreatedOn" = ?`, NEVER.literal);
}
