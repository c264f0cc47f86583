import type BetterSqlite3 from 'better-sqlite3';
import { UserEntity } from '../../features/accounts';
import { BookEntity } from '../../features/books';
import { DiscussionEntity, PostEntity } from '../../features/discussions';
import { NOTICEBOARD_KEY, SettingEntity } from '../../features/home';
import { SubscriptionEntity } from '../../features/newsletters';
import { PollEntity, PollOptionEntity, VoteChoiceEntity, VoteEntity } from '../../features/polls';
import { RecommendationEntity } from '../../features/recommendations';
import { ReviewEntity } from '../../features/reviews';
import { RoundEntity } from '../../features/rounds';
import { CurrentlyReadingEntity } from '../../features/users';
import { insertRows, tableOf } from '../../db/typed-writes';
import type { BookclubRows } from './map-club';

const TABLES = {
  users: tableOf(UserEntity),
  rounds: tableOf(RoundEntity),
  discussions: tableOf(DiscussionEntity),
  posts: tableOf(PostEntity),
  polls: tableOf(PollEntity),
  pollOptions: tableOf(PollOptionEntity),
  votes: tableOf(VoteEntity),
  voteChoices: tableOf(VoteChoiceEntity),
  books: tableOf(BookEntity),
  reviews: tableOf(ReviewEntity),
  recommendations: tableOf(RecommendationEntity),
  currentlyReading: tableOf(CurrentlyReadingEntity),
  subscriptions: tableOf(SubscriptionEntity),
  settings: tableOf(SettingEntity),
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
    insertRows(sql, TABLES.currentlyReading, rows.currentlyReading);
    insertRows(sql, TABLES.subscriptions, rows.subscriptions);
    if (rows.noticeboard !== null) insertRows(sql, TABLES.settings, [{ key: NOTICEBOARD_KEY, value: rows.noticeboard }]);
  })();
}
