import type BetterSqlite3 from 'better-sqlite3';
import { userTable } from '../../features/accounts';
import { bookTable } from '../../features/books';
import { discussionTable, postTable } from '../../features/discussions';
import { NOTICEBOARD_KEY, settingTable } from '../../features/home';
import { newsletterSubscriptionTable } from '../../features/newsletters';
import { pollTable, pollOptionTable, voteChoiceTable, voteTable } from '../../features/polls';
import { recommendationTable } from '../../features/recommendations';
import { reviewTable } from '../../features/reviews';
import { roundTable } from '../../features/rounds';
import { shelfEntryTable, shelfLinkTable } from '../../features/shelves';
import { currentlyReadingTable } from '../../features/users';
import { insertRows } from '../../db/table';
import type { BookclubRows } from './map-club';

const TABLES = {
  users: userTable,
  rounds: roundTable,
  discussions: discussionTable,
  posts: postTable,
  polls: pollTable,
  pollOptions: pollOptionTable,
  votes: voteTable,
  voteChoices: voteChoiceTable,
  books: bookTable,
  reviews: reviewTable,
  recommendations: recommendationTable,
  currentlyReading: currentlyReadingTable,
  shelfLinks: shelfLinkTable,
  shelfEntries: shelfEntryTable,
  subscriptions: newsletterSubscriptionTable,
  settings: settingTable,
};

/**
 * Writes the mapped club into a freshly migrated, empty Bookclub database, all in one transaction: it is
 * there whole or not at all. Rows keep their ids (explicit ids also move SQLite's autoincrement counters
 * past them, so the club's next poll or post gets a new number). Foreign keys are checked at commit, since
 * a round and its discussions name each other. Each table is written through the entity its feature
 * offers in its index.ts.
 */
export function writeClub(sql: BetterSqlite3.Database, rows: BookclubRows): void {
  sql.transaction(() => {
    sql.pragma('defer_foreign_keys = ON');
    insertRows(sql, TABLES.users, rows.users);
    insertRows(sql, TABLES.rounds, rows.rounds);
    insertRows(sql, TABLES.discussions, rows.discussions);
    insertRows(sql, TABLES.recommendations, rows.recommendations);
    insertRows(sql, TABLES.posts, rows.posts);
    insertRows(sql, TABLES.polls, rows.polls);
    insertRows(sql, TABLES.pollOptions, rows.pollOptions);
    insertRows(sql, TABLES.votes, rows.votes);
    insertRows(sql, TABLES.voteChoices, rows.voteChoices);
    insertRows(sql, TABLES.books, rows.books);
    insertRows(sql, TABLES.reviews, rows.reviews);
    insertRows(sql, TABLES.shelfLinks, rows.shelfLinks);
    insertRows(sql, TABLES.shelfEntries, rows.shelfEntries);
    insertRows(sql, TABLES.currentlyReading, rows.currentlyReading);
    insertRows(sql, TABLES.subscriptions, rows.subscriptions);
    if (rows.noticeboard !== null) insertRows(sql, TABLES.settings, [{ key: NOTICEBOARD_KEY, value: rows.noticeboard }]);
  })();
}
