import type { User } from '../../features/accounts';
import type { BookRow } from '../../features/books';
import type { DiscussionRow, PostRow } from '../../features/discussions';
import type { SubscriptionRow } from '../../features/newsletters';
import type { PollOptionRow, PollRow, VoteChoiceRow, VoteRow } from '../../features/polls';
import type { RecommendationRow } from '../../features/recommendations';
import type { ReviewRow } from '../../features/reviews';
import type { RoundRow } from '../../features/rounds';
import type { ShelfEntryRow, ShelfLinkRow } from '../../features/shelves';
import type { CurrentlyReadingRow } from '../../features/users';
import type { Markdown } from '../../markdown';
import { coverLinks } from './cover-links';
import { mapBooks } from './map-books';
import { mapDiscussions, unlinkPollsLeftOut } from './map-discussions';
import { mapMembers } from './map-members';
import { mapNoticeboard } from './map-noticeboard';
import { mapPolls, unlinkFollowupsLeftOut } from './map-polls';
import { mapPosts } from './map-posts';
import { mapRecommendations } from './map-recommendations';
import { mapShelves } from './map-shelves';
import { mapReviews } from './map-reviews';
import { mapRounds, obskurneeRounds } from './map-rounds';
import { mapSubscriptions } from './map-subscriptions';
import { mapVotes } from './map-votes';
import { mappingContext, type MapOptions } from './mapping-context';
import type { ObskurneeClub } from './read-obskurnee';

/** Everything the import writes into the new club, row by row, in Bookclub's shapes. */
export interface BookclubRows {
  users: User[];
  rounds: RoundRow[];
  discussions: DiscussionRow[];
  posts: PostRow[];
  polls: PollRow[];
  pollOptions: PollOptionRow[];
  votes: VoteRow[];
  voteChoices: VoteChoiceRow[];
  books: BookRow[];
  reviews: Omit<ReviewRow, 'id'>[];
  recommendations: RecommendationRow[];
  currentlyReading: Omit<CurrentlyReadingRow, 'id'>[];
  shelfLinks: ShelfLinkRow[];
  shelfEntries: ShelfEntryRow[];
  subscriptions: SubscriptionRow[];
  noticeboard: string | null;
  /** Pictures to bring over: an avatar per member, a cover per post or recommendation, by Obskurnee file name. */
  avatars: { userId: string; fileName: string }[];
  covers: { fileName: string }[];
}

export interface Mapped {
  rows: BookclubRows;
  /** One sentence per thing that could not be brought over as it was. */
  problems: string[];
  /** One sentence per thing read from older Obskurnee data in a way the host should know of. */
  notes: string[];
  /** Every picture name ("<file>" of "/images/<file>") an imported member, post or recommendation named. */
  picturesNamed: Set<string>;
}

/**
 * Maps an Obskurnee club onto Bookclub's rows, keeping the ids that appear in links. Pure: writes nothing.
 * A table is mapped after the tables it names, so that a row naming something left out is left out too, or
 * loses that link (the report says which); rounds, which name everything, come last of the club's own.
 */
export function mapClub(club: ObskurneeClub, markdown: Markdown, options: MapOptions = {}): Mapped {
  const context = mappingContext(markdown, options);
  const { users, avatars, memberIdOf } = mapMembers(club, context);
  const covers = coverLinks(context);
  // Before posts: a post may repost a recommendation.
  const recommendations = mapRecommendations(club, context, memberIdOf, covers);
  const sourceRounds = obskurneeRounds(club, context);
  const discussions = mapDiscussions(club, context, memberIdOf, sourceRounds);
  const recommendationIds = new Set(recommendations.map((r) => r.id));
  const posts = mapPosts(club, context, { memberIdOf, covers, discussions, recommendationIds });
  const postIds = new Set(posts.map((p) => p.id));
  const { polls, pollOptions, optionsOf } = mapPolls(club, context, { memberIdOf, rounds: sourceRounds, discussions, postIds });
  const { votes, voteChoices } = mapVotes(club, context, memberIdOf, polls, optionsOf);
  const books = mapBooks(club, context, postIds, sourceRounds);
  unlinkFollowupsLeftOut(polls, books, discussions, context);
  const rounds = mapRounds(club, context, { memberIdOf, discussions, polls, books });
  unlinkPollsLeftOut(discussions, new Set(polls.map((p) => p.id)));
  const reviews = mapReviews(club, context, memberIdOf, books);
  const { shelfLinks, shelfEntries, currentlyReading } = mapShelves(club, context, memberIdOf, users);
  const subscriptions = mapSubscriptions(club, context, memberIdOf);
  const noticeboard = mapNoticeboard(club, context);
  for (const { table, rows, what } of club.leftBehind) context.problems.push(`${rows} rows of ${table} (${what}) were not brought over.`);
  context.reportDates();

  return {
    rows: {
      users,
      rounds,
      discussions,
      posts,
      polls,
      pollOptions,
      votes,
      voteChoices,
      books,
      reviews,
      recommendations,
      currentlyReading,
      shelfLinks,
      shelfEntries,
      subscriptions,
      noticeboard,
      avatars,
      covers: covers.fileNames().map((fileName) => ({ fileName })),
    },
    problems: context.problems,
    notes: context.notes,
    picturesNamed: context.picturesNamed,
  };
}
