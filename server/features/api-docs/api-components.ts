import type { ExternalProfileSystem, LoginResponse, Profile } from '../../../shared/api/accounts';
import type { AdminData } from '../../../shared/api/admin';
import type { Book } from '../../../shared/api/books';
import { TOPICS, type Discussion, type DiscussionSummary, type Post, type PreviewResponse } from '../../../shared/api/discussions';
import type { CurrentDiscussionSummary, CurrentPollSummary, HomeData } from '../../../shared/api/home';
import { NEWSLETTERS, type NewsletterSubscribers } from '../../../shared/api/newsletters';
import type { FollowupKind, Poll, PollInfo, PollResults, PollVoteCount, Vote, VoterSummary } from '../../../shared/api/polls';
import type { ProblemDetails } from '../../../shared/api/problem';
import { ROUND_TOPICS, type Round, type RoundUpdate } from '../../../shared/api/rounds';
import type { Recommendation } from '../../../shared/api/recommendations';
import { RATING_MAX, RATING_MIN, type Review } from '../../../shared/api/reviews';
import type { ScrapedBook } from '../../../shared/api/scrape';
import type { SearchResult } from '../../../shared/api/search';
import type { CurrentlyReading, UserListEntry } from '../../../shared/api/users';
import { LANGUAGES } from '../../../shared/constants';

/**
 * JSON Schemas of what the API answers. Requests are described by the shared zod schemas themselves
 * (openapi.ts converts them); answers are TypeScript interfaces in shared/api, so they are described here,
 * and `shape<T>()` makes the compiler hold each description to its interface: a field the interface lacks
 * is an excess property, a field it has and the description lacks is a missing one.
 */
export type JsonSchema = { [key: string]: unknown };

/** Every property of T, each with its schema; `-?` makes optional fields required to describe too. */
type Properties<T> = { [K in keyof T]-?: JsonSchema };
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T] & string;

function shape<T>(description: string, properties: Properties<T>, optional: readonly OptionalKeys<T>[] = []): JsonSchema {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties).filter((key) => !(optional as readonly string[]).includes(key)),
  };
}

/** All members of a string union, checked complete by the compiler (a Record needs every key). */
function members<T extends string>(all: Record<T, true>): T[] {
  return Object.keys(all) as T[];
}

const FOLLOWUP_KINDS = members<FollowupKind>({ Poll: true, Book: true, Discussion: true });
const EXTERNAL_PROFILE_SYSTEMS = members<ExternalProfileSystem>({ Goodreads: true, Storygraph: true });

const string = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const integer = (description?: string): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}) });
const id = (what: string): JsonSchema => ({ type: 'integer', minimum: 1, description: `The ${what}'s id.` });
const boolean: JsonSchema = { type: 'boolean' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC.' };
const userId = (description = 'An opaque user id (a UUID).'): JsonSchema => ({ type: 'string', description });
const enumOf = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});
const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });

/** Null is sent as null, never left out (DECISIONS.md), so a nullable field is required and may be null. */
function nullable(schema: JsonSchema): JsonSchema {
  if ('$ref' in schema || !('type' in schema)) return { anyOf: [schema, { type: 'null' }] };
  const { type, enum: values, ...rest } = schema;
  return {
    ...rest,
    type: [...(Array.isArray(type) ? type : [type]), 'null'],
    ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
  };
}

export const SCHEMA_NAMES = [
  'ProblemDetails',
  'Profile',
  'LoginResponse',
  'Post',
  'Discussion',
  'DiscussionSummary',
  'PreviewResponse',
  'Book',
  'Round',
  'RoundUpdate',
  'Poll',
  'PollResults',
  'PollVoteCount',
  'VoterSummary',
  'FollowupLink',
  'Vote',
  'PollInfo',
  'HomeData',
  'CurrentPollSummary',
  'CurrentDiscussionSummary',
  'AdminData',
  'NoticeboardSaved',
  'NewsletterName',
  'NewsletterSubscribers',
  'ScrapedBook',
  'CurrentlyReading',
  'UserListEntry',
  'Recommendation',
  'Review',
  'SearchResult',
  'PostSearchResult',
  'RecommendationSearchResult',
] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export function ref(name: SchemaName): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

const profileProperties: Properties<Profile> = {
  userId: userId(),
  name: string(),
  email: string(),
  phone: nullable(string()),
  aboutMe: nullable(string('Markdown, as the member wrote it.')),
  aboutMeHtml: nullable(string('aboutMe rendered to sanitized HTML.')),
  goodreadsUrl: nullable(string('A Goodreads or StoryGraph profile link.')),
  externalProfileSystem: nullable(enumOf(EXTERNAL_PROFILE_SYSTEMS, 'Which site goodreadsUrl points to.')),
  avatarUrl: nullable(string()),
  isModerator: boolean,
  isAdmin: boolean,
  isActiveParticipant: boolean,
  language: nullable(enumOf(LANGUAGES)),
  isDisabled: { type: 'boolean', description: 'An admin disabled the account: it cannot sign in, and keeps its posts.' },
};

const postProperties: Properties<Post> = {
    postId: id('post'),
    discussionId: id('discussion'),
    ownerId: userId("The owner's user id."),
    ownerName: string(),
    title: string(),
    author: nullable(string()),
    pageCount: nullable(integer()),
    url: nullable(string()),
    imageUrl: nullable(string()),
    text: nullable(string('Markdown.')),
    renderedText: nullable(string('text rendered to sanitized HTML.')),
    parentPostId: nullable(id('earlier post this one reposts')),
    parentRecommendationId: nullable(id('recommendation this one reposts')),
    createdOn: dateTime,
    modifiedOn: dateTime,
  };

const recommendationProperties: Properties<Recommendation> = {
  recommendationId: id('recommendation'),
  ownerId: userId("The owner's user id."),
  ownerName: string(),
  title: string(),
  author: nullable(string()),
  pageCount: nullable(integer()),
  url: nullable(string()),
  imageUrl: nullable(string()),
  text: nullable(string('Markdown: why the member recommends it.')),
  renderedText: nullable(string('text rendered to sanitized HTML.')),
  createdOn: dateTime,
  modifiedOn: dateTime,
};

const rank: JsonSchema = { type: 'number', description: 'How well it matches: bigger is better.' };

const summaryProperties: Properties<Omit<Discussion, 'posts'>> = {
  discussionId: id('discussion'),
  roundId: id('round'),
  title: string(),
  description: nullable(string('Markdown.')),
  renderedDescription: nullable(string('description rendered to sanitized HTML.')),
  topic: enumOf(TOPICS),
  isClosed: boolean,
  pollId: nullable(id('poll opened when the discussion closed')),
  createdOn: dateTime,
};

export const COMPONENT_SCHEMAS: Record<SchemaName, JsonSchema> = {
  ProblemDetails: {
    ...shape<ProblemDetails>(
      'Every error, served as application/problem+json. `detail` is a sentence for the user, in the request\'s Accept-Language (en or sk).',
      {
        status: integer('The HTTP status, repeated.'),
        title: string('The status in words.'),
        detail: string('What went wrong, for the user to read.'),
        errors: {
          type: 'object',
          description: 'Validation errors only: each field to its messages.',
          additionalProperties: arrayOf(string()),
        },
      },
      ['errors'],
    ),
  },
  Profile: shape<Profile>('A member (or bot) as the API shows them.', profileProperties),
  LoginResponse: shape<LoginResponse>('The profile plus the token to send as `Authorization: Bearer <token>` (valid 30 days).', {
    ...profileProperties,
    token: string('A signed token (JWT).'),
  }),
  Post: shape<Post>('A suggestion in a discussion: a book (title, author, pages, link, text) or a theme (title, text).', postProperties),
  Discussion: shape<Discussion>('A discussion with its posts.', { ...summaryProperties, posts: arrayOf(ref('Post')) }),
  DiscussionSummary: shape<DiscussionSummary>('A discussion as lists show it: without posts, with their count.', {
    ...summaryProperties,
    postCount: integer(),
  }),
  PreviewResponse: shape<PreviewResponse>('Markdown rendered as posts are.', { html: string('Sanitized HTML.') }),
  Book: shape<Book>("A book the club chose: a poll's winning post, numbered in the order the club read them.", {
    bookId: id('book'),
    order: integer('1 for the club\'s first book, and so on.'),
    roundId: id('round'),
    post: ref('Post'),
    createdOn: dateTime,
  }),
  Round: shape<Round>('A round of choosing the next book.', {
    roundId: id('round'),
    title: string(),
    description: nullable(string()),
    topic: enumOf(ROUND_TOPICS),
    themeDiscussionId: nullable(id('theme discussion')),
    themePollId: nullable(id('theme poll')),
    themeTiebreakerPollId: nullable(id('theme tiebreaker poll')),
    bookDiscussionId: nullable(id('book discussion')),
    bookPollId: nullable(id('book poll')),
    bookTiebreakerPollId: nullable(id('book tiebreaker poll')),
    bookId: nullable(id('chosen book')),
    book: nullable(ref('Book')),
    createdOn: dateTime,
  }),
  RoundUpdate: shape<RoundUpdate>('What a vote or a close changed; each is null where untouched.', {
    poll: nullable(ref('Poll')),
    discussion: nullable(ref('Discussion')),
    round: nullable(ref('Round')),
    book: nullable(ref('Book')),
  }),
  Poll: shape<Poll>('A poll whose options are the posts of a closed discussion (approval voting).', {
    pollId: id('poll'),
    discussionId: id('discussion'),
    roundId: id('round'),
    title: string(),
    topic: enumOf(TOPICS),
    isClosed: boolean,
    isTiebreaker: boolean,
    previousPollId: nullable(id('poll this tiebreaker follows')),
    options: arrayOf(ref('Post')),
    results: ref('PollResults'),
    followupLink: nullable(ref('FollowupLink')),
    decidedByLot: { type: 'boolean', description: 'True when a tie in a tiebreaker was settled by lot among the tied options.' },
    createdOn: dateTime,
  }),
  PollResults: shape<PollResults>('Votes so far.', {
    votes: arrayOf(
      ref('PollVoteCount'),
      'Most votes first. Empty for a member who has not voted while the poll is open, so no one votes by the crowd.',
    ),
    alreadyVoted: arrayOf(userId(), 'User ids of everyone who has voted.'),
    winnerPostId: nullable(id('winning post')),
    activeMembers: arrayOf(ref('VoterSummary'), 'The active members (voted or not), for the progress line.'),
  }),
  PollVoteCount: shape<PollVoteCount>("One option's count.", {
    postId: id('post'),
    votes: integer(),
    percentage: integer('floor(100 × votes / voters)'),
  }),
  VoterSummary: shape<VoterSummary>('A member in the poll progress line.', { userId: userId(), name: string() }),
  FollowupLink: shape<NonNullable<Poll['followupLink']>>('What a closed poll led to.', {
    kind: enumOf(FOLLOWUP_KINDS),
    entityId: integer('The id of the poll, book or discussion it led to.'),
  }),
  Vote: shape<Vote>("A member's ballot.", { pollId: id('poll'), postIds: arrayOf(id('post')) }),
  PollInfo: shape<PollInfo>("A poll and the caller's own vote.", { poll: ref('Poll'), myVote: nullable(ref('Vote')) }),
  HomeData: shape<HomeData>(
    'The home screen. A visitor gets siteName, defaultLanguage, needsSetup, `books: []` and nulls for the rest (the club is members-only).',
    {
      books: arrayOf(ref('Book'), 'Newest first: the first is the book the club reads now.'),
      notice: nullable(string('The noticeboard as sanitized HTML.')),
      currentPoll: nullable(ref('CurrentPollSummary')),
      currentDiscussion: nullable(ref('CurrentDiscussionSummary')),
      myProfile: nullable(ref('Profile')),
      siteName: string(),
      defaultLanguage: enumOf(LANGUAGES),
      matrixRoomLink: nullable(string()),
      needsSetup: { type: 'boolean', description: 'True until the first admin exists.' },
      setupNeedsCode: {
        type: 'boolean',
        description: "While setup is open: true when the caller is not on the club host's machine, so setup needs the one-time code.",
      },
    },
  ),
  CurrentPollSummary: shape<CurrentPollSummary>('The open poll as home lists it: without its options.', {
    pollId: id('poll'),
    discussionId: id('discussion'),
    title: string(),
    topic: enumOf(TOPICS),
    isClosed: boolean,
  }),
  CurrentDiscussionSummary: shape<CurrentDiscussionSummary>('The open discussion as home lists it: without its posts.', {
    discussionId: id('discussion'),
    title: string(),
    topic: enumOf(TOPICS),
    isClosed: boolean,
  }),
  AdminData: shape<AdminData>('The admin screen.', { noticeboard: string('The noticeboard as markdown.') }),
  NoticeboardSaved: shape<AdminData & { html: string }>('The saved noticeboard.', {
    noticeboard: string('As markdown.'),
    html: string('Rendered to sanitized HTML.'),
  }),
  NewsletterName: enumOf(NEWSLETTERS, 'basicevents: rounds, polls opened and decided; allevents: those plus every suggestion, close, recommendation and review.'),
  NewsletterSubscribers: shape<NewsletterSubscribers>(
    'Who is subscribed to each list.',
    Object.fromEntries(NEWSLETTERS.map((name) => [name, arrayOf(ref('Profile'))])) as Properties<NewsletterSubscribers>,
  ),
  ScrapedBook: shape<ScrapedBook>("A Goodreads book page's fields, to prefill a suggestion.", {
    title: string(),
    author: nullable(string()),
    pageCount: nullable(integer()),
    imageUrl: nullable(string()),
    url: string('The canonical Goodreads address of the page.'),
    description: nullable(string()),
  }),
  CurrentlyReading: shape<CurrentlyReading>('A book a member is reading now.', {
    entryId: id('entry'),
    ownerId: userId("The owner's user id."),
    title: string(),
    author: nullable(string()),
  }),
  UserListEntry: shape<UserListEntry>('An active member (never a bot) with what they are reading.', {
    ...profileProperties,
    currentlyReading: arrayOf(ref('CurrentlyReading')),
  }),
  Recommendation: shape<Recommendation>("A member's personal recommendation: a book, and why they liked it.", recommendationProperties),
  Review: shape<Review>("A member's review of a book the club read (one per member per book).", {
    reviewId: id('review'),
    book: ref('Book'),
    bookId: id('book'),
    ownerId: userId("The owner's user id."),
    ownerName: string(),
    rating: nullable({ type: 'integer', minimum: RATING_MIN, maximum: RATING_MAX, description: 'Stars; null for a review without stars.' }),
    reviewText: string('Markdown.'),
    renderedReviewText: string('reviewText rendered to sanitized HTML.'),
    reviewUrl: nullable(string()),
    createdOn: dateTime,
    modifiedOn: dateTime,
  }),
  SearchResult: {
    description: "A match: the post's or recommendation's own fields, plus `kind` and `rank`.",
    oneOf: [ref('PostSearchResult'), ref('RecommendationSearchResult')],
    discriminator: { propertyName: 'kind', mapping: { Post: '#/components/schemas/PostSearchResult', Rec: '#/components/schemas/RecommendationSearchResult' } },
  },
  PostSearchResult: shape<Extract<SearchResult, { kind: 'Post' }>>('A matching post.', {
    ...postProperties,
    kind: { type: 'string', const: 'Post' },
    rank,
  }),
  RecommendationSearchResult: shape<Extract<SearchResult, { kind: 'Rec' }>>('A matching recommendation.', {
    ...recommendationProperties,
    kind: { type: 'string', const: 'Rec' },
    rank,
  }),
};
