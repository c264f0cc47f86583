/**
 * What an Obskurnee database looks like, as far as the import reads it. Obskurnee (zblesk/obskurnee) is an
 * ASP.NET Core app whose EF Core model is kept in SQLite; this is written from its migrations and model
 * snapshot (as of its "Adding Search" migration, May 2024), in our words:
 *
 * - Accounts are ASP.NET Core Identity's: `AspNetUsers` (Id a GUID string; UserName is the name the club
 *   shows; Email; PasswordHash, Identity's base64 hash; PhoneNumber) with Obskurnee's own columns
 *   AboutMe, AvatarUrl ("/images/<file>"), Language ("sk", "en" or "cs"), GoodreadsProfileUrl (a Goodreads
 *   or StoryGraph profile), LoginEnabled (0: the member may not sign in and is not counted as active),
 *   IsBot. Roles are rows of `AspNetUserRoles` (UserId, RoleId) naming `AspNetRoles` (Id, Name): "admin",
 *   "moderator", "bookworm" (every member) and "bot". Before January 2022 they were rows of
 *   `AspNetUserClaims` (UserId, ClaimType "admin", "moderator" or "bot", ClaimValue "true"); Obskurnee
 *   converted them once, at start, in code rather than in a migration (commit "Migrated to Roles and Role
 *   Claims"), so a database upgraded later by migrations alone still has them. Other claims, external
 *   logins and tokens of Identity are in their own tables, which Obskurnee does not use for anything a
 *   member sees.
 * - Every club table carries OwnerId (a user's Id), CreatedOn and ModifiedOn. Dates are EF Core's text
 *   "yyyy-MM-dd HH:mm:ss.FFFFFFF", in the server's local time without a zone (DateTime.Now). ModifiedOn
 *   came in February 2022 ("Adding Modification dates" migration) with the default DateTime.MinValue,
 *   '0001-01-01 00:00:00', which every older row still holds: "never modified" (see source-time.ts).
 * - Topics are integers everywhere: 0 Themes, 1 Books, 2 Recommendations.
 * - `Rounds`: RoundId, Kind (the topic it started with), Title, ThemeDiscussionId, ThemePollId,
 *   ThemeTiebreakerPollId, BookDiscussionId, BookPollId, BookTiebreakerPollId, BookId. A round has no
 *   description of its own: it is the description of the discussion it started with.
 * - `Discussions`: DiscussionId, RoundId, Title, Description (markdown), IsClosed, Topic, PollId (0 while
 *   the discussion has no poll; it names the first poll, never the tiebreaker).
 * - `Posts`: PostId, DiscussionId, Title, Author, Text (markdown), PageCount, Url, ImageUrl,
 *   ParentPostId (a repost of an earlier suggestion), ParentRecommendationId (a recommendation reposted).
 * - `Polls`: PollId, DiscussionId, RoundId, Title, IsClosed, Topic, IsTiebreaker, PreviousPollId (the
 *   poll a tiebreaker settles), ResultsSerialized and FollowupLinkSerialized (JSON written by
 *   Newtonsoft with its defaults: results as {"WinnerPostId", "AlreadyVoted": [userId], "Votes":
 *   [{"PostId", "Votes", "Percentage"}]}, the followup as {"kind": 0 Discussion | 1 Book | 2 Poll,
 *   "entityId"}). A poll's options are the rows of `PollPost` (AllPollsPollId, OptionsPostId). A closed
 *   tiebreaker that tied again was settled by lot.
 * - `Votes`: one ballot per member per poll (VoteId "{pollId}-{userId}"), PollId, OwnerId and
 *   PostIdsSerialized, the ticked options as a JSON array of post ids.
 * - `Books`: BookId, Order (the club's numbering), RoundId, PostId (the winning suggestion).
 * - `BookclubReviews`: ReviewId ("{bookId}-{userId}": one per member per book), BookId, Rating (0 to 5 or
 *   null), ReviewText, ReviewUrl.
 * - `Recommendations`: RecommendationId, Title, Author, Text, PageCount, Url, ImageUrl.
 * - `GoodreadsReviews`: what members' Goodreads (or StoryGraph) shelves said, fetched from their feeds;
 *   Kind 1 is "currently reading", Kind 0 a book read there (not a club review).
 * - `NewsletterSubscriptions`: NewsletterName ("basicevents" or "allevents"), UserId.
 * - `Settings`: Key, Value; the noticeboard's markdown is under "noticeboard-contents".
 * - `Images`: FileName, FileContents (the bytes), Extension, Kind (1 book cover, 2 profile picture);
 *   served at "/images/<FileName>", which is what AvatarUrl and a post's ImageUrl name.
 * - `GoodreadsBookInfos` (a cache of scraped pages) and `FtsPosts` (the search index) are derived data.
 * - `__EFMigrationsHistory` lists the migrations applied; its first is "…_Initialization".
 */

export const TOPICS = ['Themes', 'Books', 'Recommendations'] as const;
export const FOLLOWUP_KINDS = ['Discussion', 'Book', 'Poll'] as const;
export const CURRENTLY_READING_KIND = 1;
export const NOTICEBOARD_SETTING = 'noticeboard-contents';
export const ROLE_NAMES = { admin: 'admin', moderator: 'moderator', member: 'bookworm', bot: 'bot' } as const;

/**
 * The tables and columns the import reads. A column listed here that a database lacks makes it "not an
 * Obskurnee database" (or one too old: Obskurnee upgrades its database when it starts); optional ones,
 * added in later Obskurnee versions, are read when present.
 */
export const REQUIRED_COLUMNS: Record<string, readonly string[]> = {
  __EFMigrationsHistory: ['MigrationId'],
  AspNetUsers: ['Id', 'UserName', 'Email', 'PasswordHash', 'PhoneNumber', 'AboutMe', 'AvatarUrl', 'Language', 'GoodreadsProfileUrl', 'LoginEnabled', 'IsBot'],
  AspNetRoles: ['Id', 'Name'],
  AspNetUserRoles: ['UserId', 'RoleId'],
  Rounds: [
    'RoundId',
    'Kind',
    'Title',
    'ThemeDiscussionId',
    'ThemePollId',
    'ThemeTiebreakerPollId',
    'BookDiscussionId',
    'BookPollId',
    'BookTiebreakerPollId',
    'BookId',
    'OwnerId',
    'CreatedOn',
  ],
  Discussions: ['DiscussionId', 'RoundId', 'Title', 'Description', 'IsClosed', 'Topic', 'PollId', 'OwnerId', 'CreatedOn'],
  Posts: [
    'PostId',
    'DiscussionId',
    'Title',
    'Author',
    'Text',
    'PageCount',
    'Url',
    'ImageUrl',
    'ParentPostId',
    'ParentRecommendationId',
    'OwnerId',
    'CreatedOn',
    'ModifiedOn',
  ],
  Polls: [
    'PollId',
    'DiscussionId',
    'RoundId',
    'Title',
    'IsClosed',
    'Topic',
    'IsTiebreaker',
    'PreviousPollId',
    'ResultsSerialized',
    'FollowupLinkSerialized',
    'OwnerId',
    'CreatedOn',
  ],
  PollPost: ['AllPollsPollId', 'OptionsPostId'],
  Votes: ['PollId', 'OwnerId', 'PostIdsSerialized', 'CreatedOn'],
  Books: ['BookId', 'Order', 'RoundId', 'PostId', 'CreatedOn'],
  BookclubReviews: ['ReviewId', 'BookId', 'OwnerId', 'Rating', 'ReviewText', 'ReviewUrl', 'CreatedOn', 'ModifiedOn'],
  Recommendations: ['RecommendationId', 'Title', 'Author', 'Text', 'PageCount', 'Url', 'ImageUrl', 'OwnerId', 'CreatedOn', 'ModifiedOn'],
  GoodreadsReviews: ['Title', 'Author', 'Kind', 'OwnerId', 'CreatedOn'],
  NewsletterSubscriptions: ['NewsletterName', 'UserId'],
  Settings: ['Key', 'Value'],
  Images: ['FileName', 'FileContents'],
};

/** Tables of Obskurnee's that the import leaves behind on purpose, and why (for the "not moved" list). */
export const TABLES_LEFT_BEHIND: Record<string, string> = {
  AspNetUserClaims: 'Identity claims other than the roles Obskurnee kept as claims before 2022',
  AspNetUserLogins: 'external sign-ins',
  AspNetUserTokens: 'Identity tokens (reset links, two-factor keys)',
  AspNetRoleClaims: 'role claims (Bookclub derives permissions from roles)',
  GoodreadsBookInfos: 'cached Goodreads pages',
};
