/**
 * The app's pages, written once: each page's path pattern (what the renderer's router matches) and the
 * function that builds its address (what links, mails, calendar feeds and the desktop menu write). The
 * paths are Obskurnee's Slovak ones; members' bookmarks and old mails point at them, so they never change.
 */
export const PAGE_PATTERNS = {
  home: '/',
  setup: '/setup',
  passwordReset: '/passwordreset/:userId?/:token?',
  host: '/admin/host',
  joinSheet: '/admin/host/join-sheet',
  admin: '/admin',
  rounds: '/navrhy',
  discussion: '/navrhy/:discussionId',
  post: '/navrhy/:discussionId/:postId',
  poll: '/hlasovania/:pollId',
  meetings: '/stretnutia',
  meeting: '/stretnutia/:meetingId',
  /** A meeting's room view for a TV or projector (full screen, no app frame). */
  room: '/stretnutia/:meetingId/room',
  /** The room view through the club's display link: no sign-in (the server writes this address, RoomService). */
  display: '/room/:displayToken',
  recommendations: '/odporucania',
  recommendation: '/odporucania/:recommendationId',
  books: '/knihy',
  book: '/knihy/:bookId',
  /** A part of a book's reading schedule: its own discussion, sealed until the member reaches it. */
  readingPart: '/knihy/:bookId/casti/:partId',
  search: '/hladanie',
  members: '/my',
  stats: '/statistiky',
  member: '/my/:email/:mode?',
} as const;

export type PageName = keyof typeof PAGE_PATTERNS;

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Segments<Head> | Segments<Tail> : P;
type ParamOf<S> = S extends `:${infer Name}` ? Name : never;
type Required<P extends string> = Exclude<ParamOf<Segments<P>>, `${string}?`>;
type Optional<P extends string> = ParamOf<Segments<P>> extends infer N ? (N extends `${infer Name}?` ? Name : never) : never;

/** The values a pattern's parameters take: `:name` must be given, `:name?` may be. */
export type PageParams<P extends string> = { [K in Required<P>]: string | number } & { [K in Optional<P>]?: string | number | null };

/** A query string's values; those left undefined are not written. */
export type PageQuery = Record<string, string | number | undefined>;

/**
 * A page's address: the pattern with each parameter filled in (encoded), an optional parameter left out
 * with its slash when it has no value, and the query string after it.
 */
export function pageAddress<P extends string>(pattern: P, params: PageParams<P>, query: PageQuery = {}): string {
  const values = params as Record<string, string | number | null | undefined>;
  const path = pattern.replace(/\/:(\w+)(\?)?/g, (_whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : `/${encodeURIComponent(String(value))}`;
  });
  // encodeURIComponent rather than URLSearchParams (a space is %20, a `(` stays): the sign-in redirect always wrote nextUrl so.
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path || '/'}?${search}` : path || '/';
}

/** The part of a pattern before its first parameter: the section its pages belong to (`/hlasovania`). */
export function sectionOf(pattern: string): string {
  return pattern.split('/:')[0] || '/';
}

/** Whether a profile opens for reading or for editing. */
export type ProfileMode = 'edit';

/** Each page's address, by name: `pages.discussion(3)` is `/navrhy/3`. */
export const pages = {
  /** With nextUrl: the page a signed-out visitor was sent home from, to go back to after signing in. */
  home: (query: { nextUrl?: string } = {}) => pageAddress(PAGE_PATTERNS.home, {}, query),
  setup: () => pageAddress(PAGE_PATTERNS.setup, {}),
  /** Without a token: ask for the email; with one: the link a reset mail sends, to choose a new password. */
  passwordReset: (link?: { userId: string; token: string }) => pageAddress(PAGE_PATTERNS.passwordReset, link ?? {}),
  host: () => pageAddress(PAGE_PATTERNS.host, {}),
  /** The printable "join our club" sheet for one of the club's addresses. */
  joinSheet: (address: string) => pageAddress(PAGE_PATTERNS.joinSheet, {}, { address }),
  admin: () => pageAddress(PAGE_PATTERNS.admin, {}),
  rounds: () => pageAddress(PAGE_PATTERNS.rounds, {}),
  /** With a parent: the new-suggestion form prefilled from another suggestion or a recommendation. */
  discussion: (discussionId: number, prefill: { parentPostId?: number; fromDiscussionId?: number; parentRecommendationId?: number } = {}) =>
    pageAddress(PAGE_PATTERNS.discussion, { discussionId }, prefill),
  post: (discussionId: number, postId: number) => pageAddress(PAGE_PATTERNS.post, { discussionId, postId }),
  poll: (pollId: number) => pageAddress(PAGE_PATTERNS.poll, { pollId }),
  meetings: () => pageAddress(PAGE_PATTERNS.meetings, {}),
  meeting: (meetingId: number) => pageAddress(PAGE_PATTERNS.meeting, { meetingId }),
  room: (meetingId: number) => pageAddress(PAGE_PATTERNS.room, { meetingId }),
  display: (displayToken: string) => pageAddress(PAGE_PATTERNS.display, { displayToken }),
  recommendations: () => pageAddress(PAGE_PATTERNS.recommendations, {}),
  recommendation: (recommendationId: number) => pageAddress(PAGE_PATTERNS.recommendation, { recommendationId }),
  books: () => pageAddress(PAGE_PATTERNS.books, {}),
  book: (bookId: number) => pageAddress(PAGE_PATTERNS.book, { bookId }),
  readingPart: (bookId: number, partId: number) => pageAddress(PAGE_PATTERNS.readingPart, { bookId, partId }),
  search: () => pageAddress(PAGE_PATTERNS.search, {}),
  members: () => pageAddress(PAGE_PATTERNS.members, {}),
  stats: () => pageAddress(PAGE_PATTERNS.stats, {}),
  member: (email: string, mode?: ProfileMode) => pageAddress(PAGE_PATTERNS.member, { email, mode }),
} satisfies Record<PageName, (...args: never[]) => string>;
