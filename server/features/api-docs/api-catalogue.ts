import type { z } from 'zod';
import { emailSchema, loginSchema, passwordResetFinishSchema, registerFirstAdminSchema } from '../../../shared/api/accounts';
import { noticeboardSchema, registerBotSchema, registerUserSchema } from '../../../shared/api/admin';
import { postFieldsSchema, postUpdateSchema, previewSchema } from '../../../shared/api/discussions';
import { NEWSLETTERS } from '../../../shared/api/newsletters';
import { voteSchema } from '../../../shared/api/polls';
import { recommendationFieldsSchema, recommendationUpdateSchema } from '../../../shared/api/recommendations';
import { reviewSchema } from '../../../shared/api/reviews';
import { newRoundSchema } from '../../../shared/api/rounds';
import { scrapeQuerySchema } from '../../../shared/api/scrape';
import { SEARCH_RESULT_LIMIT } from '../../../shared/api/search';
import { AVATAR_MAX_BYTES, currentlyReadingSchema, languageChangeSchema, profileUpdateSchema } from '../../../shared/api/users';
import { SEARCH_MIN_LENGTH } from '../../../shared/constants';
import { ref, type JsonSchema } from './api-components';

/**
 * Every endpoint the server serves, one row each. Request bodies and queries are the very zod schemas the
 * routes parse with; answers point at the schemas in api-components.ts. The test builds the app's routers
 * and compares them with this table both ways, so a route without a row (or a row without a route) fails.
 */

/** Who may call: anyone, or a signed-in account of at least this role (requireRole on the route). */
export type Caller = 'anonymous' | 'member' | 'moderator' | 'admin';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export const TAGS = {
  Accounts: 'Setting the club up, signing in, the signed-in profile, password reset.',
  Home: 'The home screen.',
  Rounds: 'Rounds of choosing the next book; moderators start them and close discussions and polls.',
  Discussions: 'Discussions and the suggestions (posts) in them.',
  Polls: 'Polls and voting.',
  Books: 'The books the club chose.',
  Scrape: 'Reading a Goodreads book page to prefill a suggestion.',
  Users: 'Members, their profiles, language and avatar.',
  Recommendations: "Members' personal book recommendations.",
  Reviews: 'Reviews of the books the club read.',
  Search: 'Full-text search over posts and recommendations.',
  'Currently reading': "Members' currently-reading entries.",
  Admin: 'The admin screen: noticeboard, registering members and bots, promoting moderators.',
  Newsletters: 'Mail subscriptions.',
  'API docs': 'This document and the page that browses it.',
} as const;
export type TagName = keyof typeof TAGS;

export interface ParamSpec {
  description: string;
  /** A shared zod schema where the route parses the value with one, else a JSON Schema. */
  schema: z.ZodType | JsonSchema;
}

export interface QueryParamSpec extends ParamSpec {
  required?: boolean;
}

export interface UploadSpec {
  field: string;
  maxBytes: number;
  mediaTypes: readonly string[];
  description: string;
}

export interface ResponseSpec {
  description: string;
  schema: JsonSchema;
  /** application/json unless said otherwise. */
  mediaTypes?: readonly string[];
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, with the /api prefix: `/api/polls/{pollId}`. */
  path: string;
  tag: TagName;
  summary: string;
  description?: string;
  who: Caller;
  /** A member write that bots may call all the same (requireRole's `botsMay`). */
  botsMay?: true;
  /** Anyone may call it, and a token changes the answer (GET /api/home). */
  optionalToken?: true;
  /** The JSON body: the same schema object the route or its service parses with. */
  body?: z.ZodType;
  /** A multipart upload instead of a JSON body. */
  upload?: UploadSpec;
  /** The query string: the same schema object the route parses with. */
  query?: z.ZodObject;
  /** Query parameters the route reads without a schema. */
  queryParams?: Record<string, QueryParamSpec>;
  params?: Record<string, ParamSpec>;
  response: ResponseSpec;
  /**
   * Errors this endpoint answers beyond those every endpoint of its kind does (see openapi.ts): each status
   * to the catalogue keys of its details, so the document quotes the messages the server really sends.
   */
  errors?: Partial<Record<ErrorStatus, readonly string[]>>;
}

/** Bots are read-only members: anything anyone may call, member GETs, and member routes marked botsMay. */
export function botsMayCall(endpoint: Pick<Endpoint, 'who' | 'method' | 'botsMay'>): boolean {
  if (endpoint.who === 'anonymous') return true;
  return endpoint.who === 'member' && (endpoint.method === 'get' || endpoint.botsMay === true);
}

const idParam = (what: string): ParamSpec => ({
  description: `The ${what}'s id (a positive integer; anything else is a 404).`,
  schema: { type: 'integer', minimum: 1 },
});
const emailParam = (description: string): ParamSpec => ({ description, schema: { type: 'string' } });
const listNameParam: ParamSpec = {
  description: 'The newsletter; any other name is a 404.',
  schema: { type: 'string', enum: [...NEWSLETTERS] },
};
const yes = (description: string): ResponseSpec => ({ description, schema: { type: 'boolean', const: true } });
const one = (name: Parameters<typeof ref>[0], description: string): ResponseSpec => ({ description, schema: ref(name) });
const list = (name: Parameters<typeof ref>[0], description: string): ResponseSpec => ({
  description,
  schema: { type: 'array', items: ref(name) },
});

export const API_CATALOGUE: readonly Endpoint[] = [
  // Accounts
  {
    operationId: 'registerFirstAdmin',
    method: 'post',
    path: '/api/accounts/registerfirstadmin',
    tag: 'Accounts',
    summary: "Set the club up: create its first admin (only while no user exists).",
    description:
      'From the club host\'s own machine no code is needed; from any other, `setupCode` must be the one-time code the server printed when it started (GET /api/home says `setupNeedsCode`).',
    who: 'anonymous',
    body: registerFirstAdminSchema,
    response: one('Profile', "The new admin's profile. Sign in with POST /api/accounts/login next."),
    errors: { 403: ['setupCodeRequired', 'setupCodeWrong'], 409: ['setupDone'], 429: ['tooManyRequests'], 503: ['busy'] },
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/accounts/login',
    tag: 'Accounts',
    summary: 'Sign in (members and bots): answers the profile and a token valid 30 days.',
    description:
      'Failed logins are counted per client address and per (account, address): repeated ones are slowed, then answered 429 with Retry-After. Password checks are bounded: when too many wait, 503 with Retry-After.',
    who: 'anonymous',
    body: loginSchema,
    response: one('LoginResponse', 'The profile plus `token`, to send as `Authorization: Bearer <token>`.'),
    errors: { 401: ['loginFailed'], 403: ['accountDisabled'], 429: ['tooManyAttempts'], 503: ['busy'] },
  },
  {
    operationId: 'getContext',
    method: 'get',
    path: '/api/accounts/context',
    tag: 'Accounts',
    summary: "The signed-in account's profile.",
    who: 'member',
    response: one('Profile', "The caller's profile."),
  },
  {
    operationId: 'startPasswordReset',
    method: 'post',
    path: '/api/accounts/passwordreset/{email}',
    tag: 'Accounts',
    summary: 'Mail a password-reset link to this address, if it belongs to a member.',
    description:
      'Answers the same whether or not the address belongs to anyone, so accounts cannot be probed. An account gets at most 3 reset mails an hour; further asks are answered alike and mail nothing.',
    who: 'anonymous',
    params: { email: { description: 'The email address to send the link to.', schema: emailSchema } },
    response: yes('Always `true`.'),
    errors: { 400: ['validation:emailRequired', 'validation:emailInvalid'], 429: ['tooManyRequests'] },
  },
  {
    operationId: 'finishPasswordReset',
    method: 'post',
    path: '/api/accounts/passwordreset/token/{userId}',
    tag: 'Accounts',
    summary: 'Set a new password with the token from a reset or invitation link (single use).',
    who: 'anonymous',
    params: { userId: { description: 'The user id from the link.', schema: { type: 'string' } } },
    body: passwordResetFinishSchema,
    response: yes('`true`: the password is set, every other link of the account is spent, and every session it had ends.'),
    errors: { 400: ['resetLinkInvalid'], 503: ['busy'] },
  },

  // Home
  {
    operationId: 'getHome',
    method: 'get',
    path: '/api/home',
    tag: 'Home',
    summary: 'The home screen: books, noticeboard, current poll and discussion, own profile, site settings.',
    description: 'Anyone may call it; a visitor (or a bad token) gets the site name and language only.',
    who: 'anonymous',
    optionalToken: true,
    response: one('HomeData', 'The home screen; the members-only parts are empty for a visitor.'),
  },

  // Rounds
  {
    operationId: 'listRounds',
    method: 'get',
    path: '/api/rounds',
    tag: 'Rounds',
    summary: 'All rounds.',
    who: 'member',
    response: list('Round', 'Every round.'),
  },
  {
    operationId: 'startRound',
    method: 'post',
    path: '/api/rounds',
    tag: 'Rounds',
    summary: 'Start a round: its first discussion (Books, or Themes) opens at once.',
    who: 'moderator',
    body: newRoundSchema,
    response: one('Round', 'The new round.'),
  },
  {
    operationId: 'closeDiscussion',
    method: 'post',
    path: '/api/rounds/close-discussion/{discussionId}',
    tag: 'Rounds',
    summary: 'Close an open discussion that has posts; a poll of its posts opens.',
    who: 'moderator',
    params: { discussionId: idParam('discussion') },
    response: one('RoundUpdate', 'The closed discussion (with its pollId) and the round; poll and book are null.'),
    errors: { 404: ['discussionNotFound'], 409: ['discussionClosed', 'discussionHasNoPosts'] },
  },
  {
    operationId: 'closePoll',
    method: 'post',
    path: '/api/rounds/close-poll/{pollId}',
    tag: 'Rounds',
    summary: 'Close a poll with at least one vote: a winner (book or theme) or a tiebreaker poll.',
    who: 'moderator',
    params: { pollId: idParam('poll') },
    response: one('RoundUpdate', 'The closed poll, the round, and the new book or discussion.'),
    errors: { 404: ['pollNotFound'], 409: ['pollClosed', 'pollHasNoVotes'] },
  },

  // Discussions
  {
    operationId: 'listDiscussions',
    method: 'get',
    path: '/api/discussions',
    tag: 'Discussions',
    summary: 'All discussions, without their posts.',
    who: 'member',
    response: list('DiscussionSummary', 'Every discussion, with its post count.'),
  },
  {
    operationId: 'previewMarkdown',
    method: 'put',
    path: '/api/discussions/preview',
    tag: 'Discussions',
    summary: 'Render markdown as posts are rendered (bots may call it too).',
    who: 'member',
    botsMay: true,
    body: previewSchema,
    response: one('PreviewResponse', 'The sanitized HTML.'),
  },
  {
    operationId: 'getDiscussion',
    method: 'get',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'A discussion with its posts.',
    who: 'member',
    params: { discussionId: idParam('discussion') },
    response: one('Discussion', 'The discussion.'),
    errors: { 404: ['discussionNotFound'] },
  },
  {
    operationId: 'addPost',
    method: 'post',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'Post a suggestion into an open discussion.',
    description:
      'Books and recommendations need author, pageCount and text; themes only a title. parentPostId reposts an ' +
      'earlier book suggestion into the open Books discussion.',
    who: 'member',
    params: { discussionId: idParam('discussion') },
    body: postFieldsSchema,
    response: one('Post', 'The created post.'),
    errors: {
      400: ['parentPostNotFound', 'repostSameDiscussion', 'repostOnlyBooks'],
      404: ['discussionNotFound'],
      409: ['discussionClosed'],
    },
  },
  {
    operationId: 'editPost',
    method: 'patch',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'Edit a post (the post as answered, with its postId).',
    description: 'Owners edit their own while the discussion is open; moderators edit any, any time.',
    who: 'member',
    params: { discussionId: idParam('discussion') },
    body: postUpdateSchema,
    response: one('Post', 'The updated post.'),
    errors: { 403: ['notYourPost'], 404: ['postNotFound'], 409: ['postClosedForEdits'] },
  },

  // Polls
  {
    operationId: 'getPoll',
    method: 'get',
    path: '/api/polls/{pollId}',
    tag: 'Polls',
    summary: "A poll and the caller's vote.",
    who: 'member',
    params: { pollId: idParam('poll') },
    response: one('PollInfo', "The poll and the caller's vote (null if none)."),
    errors: { 404: ['pollNotFound'] },
  },
  {
    operationId: 'vote',
    method: 'post',
    path: '/api/polls/{pollId}/vote',
    tag: 'Polls',
    summary: 'Vote for one or more options; a second vote replaces the first.',
    who: 'member',
    params: { pollId: idParam('poll') },
    body: voteSchema,
    response: one('RoundUpdate', 'The poll as it stands now; the rest null.'),
    errors: { 400: ['voteForeignOption'], 404: ['pollNotFound'], 409: ['pollClosed'] },
  },

  // Books
  {
    operationId: 'listBooks',
    method: 'get',
    path: '/api/books',
    tag: 'Books',
    summary: 'The books the club chose.',
    who: 'member',
    response: list('Book', 'Every book.'),
  },
  {
    operationId: 'getBook',
    method: 'get',
    path: '/api/books/{bookId}',
    tag: 'Books',
    summary: 'One book.',
    who: 'member',
    params: { bookId: idParam('book') },
    response: one('Book', 'The book.'),
    errors: { 404: ['bookNotFound'] },
  },

  // Scrape
  {
    operationId: 'scrapeGoodreads',
    method: 'get',
    path: '/api/scrape',
    tag: 'Scrape',
    summary: "A Goodreads book page's fields (also at /api/scrape/).",
    description: 'Only https Goodreads book pages; redirects are followed only within Goodreads, time and size are bounded.',
    who: 'member',
    query: scrapeQuerySchema,
    response: one('ScrapedBook', 'The book as the page describes it.'),
    errors: {
      400: ['scrape:urlRequired', 'scrape:notGoodreads'],
      404: ['scrape:bookNotFound'],
      422: ['scrape:noBookData'],
      502: ['scrape:unreachable', 'scrape:timedOut', 'scrape:upstreamStatus', 'scrape:pageTooLarge', 'scrape:redirectedAway'],
    },
  },

  // Users
  {
    operationId: 'listUsers',
    method: 'get',
    path: '/api/users',
    tag: 'Users',
    summary: 'Active members (never bots) with what they are reading.',
    who: 'member',
    response: list('UserListEntry', 'The members, by name.'),
  },
  {
    operationId: 'setLanguage',
    method: 'post',
    path: '/api/users/language',
    tag: 'Users',
    summary: "Set the caller's language.",
    who: 'member',
    body: languageChangeSchema,
    response: one('Profile', "The caller's profile."),
  },
  {
    operationId: 'uploadAvatar',
    method: 'post',
    path: '/api/users/avatar',
    tag: 'Users',
    summary: "Upload the caller's avatar; it is cropped and scaled to 100 × 100.",
    who: 'member',
    upload: {
      field: 'avatar',
      maxBytes: AVATAR_MAX_BYTES,
      mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      description: 'A JPEG, PNG, WebP or GIF image up to 5 MB.',
    },
    response: one('Profile', "The caller's profile with its new avatarUrl."),
    errors: { 400: ['avatarMissing', 'avatarNotImage', 'avatarBroken'], 413: ['avatarTooLarge'] },
  },
  {
    operationId: 'updateProfile',
    method: 'post',
    path: '/api/users/{email}',
    tag: 'Users',
    summary: 'Edit a profile (the profile as answered, edited).',
    description: 'Members edit their own, moderators anyone\'s; only a moderator changes isActiveParticipant.',
    who: 'member',
    params: { email: emailParam("The member's email address.") },
    body: profileUpdateSchema,
    response: one('Profile', 'The updated profile.'),
    errors: { 403: ['notYourProfile'], 404: ['userNotFound'] },
  },

  // Currently reading (Obskurnee's path)
  {
    operationId: 'listCurrentlyReading',
    method: 'get',
    path: '/api/reviews/currentlyreading',
    tag: 'Currently reading',
    summary: "Every member's currently-reading entries.",
    who: 'member',
    response: list('CurrentlyReading', 'All entries, oldest first.'),
  },
  {
    operationId: 'addCurrentlyReading',
    method: 'post',
    path: '/api/reviews/currentlyreading',
    tag: 'Currently reading',
    summary: "Add a book to the caller's currently-reading list.",
    who: 'member',
    body: currentlyReadingSchema,
    response: one('CurrentlyReading', 'The new entry.'),
  },
  {
    operationId: 'removeCurrentlyReading',
    method: 'delete',
    path: '/api/reviews/currentlyreading/{entryId}',
    tag: 'Currently reading',
    summary: 'Remove a currently-reading entry (own, or any for moderators).',
    who: 'member',
    params: { entryId: idParam('entry') },
    response: yes('`true`.'),
    errors: { 403: ['notYourProfile'], 404: ['entryNotFound'] },
  },

  // Admin
  {
    operationId: 'getAdmin',
    method: 'get',
    path: '/api/admin',
    tag: 'Admin',
    summary: 'The admin screen: the noticeboard as markdown.',
    who: 'moderator',
    response: one('AdminData', 'The noticeboard.'),
  },
  {
    operationId: 'setNoticeboard',
    method: 'post',
    path: '/api/admin/noticeboard',
    tag: 'Admin',
    summary: 'Replace the noticeboard (markdown).',
    who: 'moderator',
    body: noticeboardSchema,
    response: one('NoticeboardSaved', 'The saved noticeboard and its HTML.'),
  },
  {
    operationId: 'registerUser',
    method: 'post',
    path: '/api/admin/registeruser',
    tag: 'Admin',
    summary: 'Register a member by email and name; they get an invitation mail with a set-password link.',
    who: 'moderator',
    body: registerUserSchema,
    response: one('Profile', "The new member's profile."),
    errors: { 409: ['emailTaken'] },
  },
  {
    operationId: 'makeModerator',
    method: 'post',
    path: '/api/admin/makemod/{email}',
    tag: 'Admin',
    summary: 'Make a member a moderator.',
    who: 'moderator',
    params: { email: emailParam("The member's email address.") },
    response: one('Profile', "The member's updated profile."),
    errors: { 404: ['userNotFound'] },
  },
  {
    operationId: 'disableAccount',
    method: 'post',
    path: '/api/admin/disable/{email}',
    tag: 'Admin',
    summary: "Disable a member's or bot's account: its sessions end at once (401, live connections closed), it cannot sign in, and it keeps its posts.",
    who: 'admin',
    params: { email: emailParam("The account's email address.") },
    response: one('Profile', 'The updated profile (isDisabled true).'),
    errors: { 404: ['userNotFound'], 409: ['cannotDisableSelf'] },
  },
  {
    operationId: 'enableAccount',
    method: 'post',
    path: '/api/admin/enable/{email}',
    tag: 'Admin',
    summary: 'Enable a disabled account again; it signs in anew.',
    who: 'admin',
    params: { email: emailParam("The account's email address.") },
    response: one('Profile', 'The updated profile (isDisabled false).'),
    errors: { 404: ['userNotFound'] },
  },
  {
    operationId: 'registerBot',
    method: 'post',
    path: '/api/admin/registerbot',
    tag: 'Admin',
    summary: 'Create a bot account (read-only; it signs in with this email and password).',
    who: 'admin',
    body: registerBotSchema,
    response: one('Profile', "The bot's profile."),
    errors: { 409: ['emailTaken'] },
  },
  {
    operationId: 'listBots',
    method: 'get',
    path: '/api/admin/bots',
    tag: 'Admin',
    summary: 'The bot accounts.',
    who: 'admin',
    response: list('Profile', "The bots' profiles."),
  },

  // Newsletters
  {
    operationId: 'myNewsletters',
    method: 'get',
    path: '/api/newsletters',
    tag: 'Newsletters',
    summary: "The lists the caller is subscribed to.",
    who: 'member',
    response: list('NewsletterName', "The caller's lists."),
  },
  {
    operationId: 'allSubscribers',
    method: 'get',
    path: '/api/newsletters/all',
    tag: 'Newsletters',
    summary: 'Who is subscribed to each list.',
    who: 'moderator',
    response: one('NewsletterSubscribers', 'Each list with its subscribers (never bots).'),
  },
  {
    operationId: 'subscribe',
    method: 'post',
    path: '/api/newsletters/{listName}/subscribe',
    tag: 'Newsletters',
    summary: 'Subscribe the caller to a list.',
    who: 'member',
    params: { listName: listNameParam },
    response: list('NewsletterName', "The caller's lists now."),
    errors: { 404: ['newsletterNotFound'] },
  },
  {
    operationId: 'unsubscribe',
    method: 'post',
    path: '/api/newsletters/{listName}/unsubscribe',
    tag: 'Newsletters',
    summary: 'Unsubscribe the caller from a list.',
    who: 'member',
    params: { listName: listNameParam },
    response: list('NewsletterName', "The caller's lists now."),
    errors: { 404: ['newsletterNotFound'] },
  },

  // Recommendations
  {
    operationId: 'listRecommendations',
    method: 'get',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: "All members' recommendations.",
    who: 'member',
    response: list('Recommendation', 'Every recommendation.'),
  },
  {
    operationId: 'getRecommendation',
    method: 'get',
    path: '/api/recommendations/{recommendationId}',
    tag: 'Recommendations',
    summary: 'One recommendation.',
    who: 'member',
    params: { recommendationId: idParam('recommendation') },
    response: one('Recommendation', 'The recommendation.'),
    errors: { 404: ['recommendationNotFound'] },
  },
  {
    operationId: 'addRecommendation',
    method: 'post',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: 'Recommend a book (title, author, page count and text required, as for a book suggestion).',
    who: 'member',
    body: recommendationFieldsSchema,
    response: one('Recommendation', 'The new recommendation.'),
  },
  {
    operationId: 'editRecommendation',
    method: 'patch',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: 'Edit a recommendation, named by recommendationId (or, as Obskurnee sent it, postId).',
    description: "Owners edit their own, moderators anyone's. Also answers at /api/recommendations/.",
    who: 'member',
    body: recommendationUpdateSchema,
    response: one('Recommendation', 'The updated recommendation.'),
    errors: { 403: ['notYourRecommendation'], 404: ['recommendationNotFound'] },
  },

  // Reviews
  {
    operationId: 'listBookReviews',
    method: 'get',
    path: '/api/reviews/book/{bookId}',
    tag: 'Reviews',
    summary: "A book's reviews.",
    who: 'member',
    params: { bookId: idParam('book') },
    response: list('Review', 'The reviews, last edited first.'),
    errors: { 404: ['bookNotFound'] },
  },
  {
    operationId: 'postReview',
    method: 'post',
    path: '/api/reviews/book/{bookId}',
    tag: 'Reviews',
    summary: "Review a book; posting again replaces the caller's review.",
    who: 'member',
    params: { bookId: idParam('book') },
    body: reviewSchema,
    response: one('Review', "The caller's review."),
    errors: { 400: ['validation:ratingInvalid', 'validation:reviewTextRequired'], 404: ['bookNotFound'] },
  },
  {
    operationId: 'listUserReviews',
    method: 'get',
    path: '/api/reviews/user/{userId}',
    tag: 'Reviews',
    summary: "A member's reviews.",
    who: 'member',
    params: { userId: { description: "The member's user id.", schema: { type: 'string' } } },
    response: list('Review', 'The reviews, last edited first.'),
    errors: { 404: ['userNotFound'] },
  },

  // Search
  {
    operationId: 'search',
    method: 'get',
    path: '/api/search',
    tag: 'Search',
    summary: 'Search posts and recommendations (also at /api/search/).',
    description:
      `Words are ANDed; \`*\` ends a prefix (\`tolk*\`); "quoted phrases" match exactly. Best match first, at most ${SEARCH_RESULT_LIMIT}.`,
    who: 'member',
    queryParams: {
      query: {
        description: `The search; at least ${SEARCH_MIN_LENGTH} characters after trimming.`,
        required: true,
        schema: { type: 'string' },
      },
      kind: {
        description: '`Post`, `Rec`, or both (comma-separated or repeated); both when left out.',
        schema: { type: 'string', examples: ['Post', 'Rec', 'Post,Rec'] },
      },
    },
    response: list('SearchResult', 'The matches, best first.'),
    errors: { 400: ['searchTooShort', 'searchUnclosedQuote', 'searchNoWords'] },
  },

  // This document
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'API docs',
    summary: 'This OpenAPI 3.1 document.',
    description: 'Anyone may read it: it documents the API and reveals no data.',
    who: 'anonymous',
    response: { description: 'The OpenAPI document.', schema: { type: 'object' } },
  },
  {
    operationId: 'getApiDocsPage',
    method: 'get',
    path: '/api/docs',
    tag: 'API docs',
    summary: 'A page to browse this document (Swagger UI, served from this server).',
    who: 'anonymous',
    response: { description: 'An HTML page.', schema: { type: 'string' }, mediaTypes: ['text/html'] },
  },
  {
    operationId: 'getApiDocsAsset',
    method: 'get',
    path: '/api/docs/assets/{file}',
    tag: 'API docs',
    summary: "A file of the browse page's Swagger UI (script, style sheet, icon or source map).",
    who: 'anonymous',
    params: { file: { description: 'A file name of the swagger-ui-dist package.', schema: { type: 'string' } } },
    response: {
      description: 'The file.',
      schema: { type: 'string' },
      mediaTypes: ['text/javascript', 'text/css', 'image/png', 'application/json'],
    },
    errors: { 404: ['notFound'] },
  },
];
