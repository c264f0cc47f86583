import type { RsvpAnswer } from '../../../shared/api/meetings';

// The demo club's history, the same in every language: who suggested what when, how everyone voted, who
// came to which meeting, who reviewed what. Times are days from now (negative: ago), so the club always
// looks current. The words (names, titles, texts) come from demo-text-en.ts and demo-text-sk.ts.

/** Members by their place in the story; the first three are the one-click admin, moderator and member. */
export const ADMIN = 0;
export const MODERATOR = 1;
export const MEMBER = 2;
export const MEMBER_COUNT = 10;

export const BOOK_KEYS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9', 'b10', 'b11', 'b12', 'b13', 'b14'] as const;
export type BookKey = (typeof BOOK_KEYS)[number];
export const THEME_KEYS = ['t1', 't2', 't3', 't4', 't5'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];
export const ROUND_KEYS = ['r1', 'r2', 'r3', 'r4', 'r5'] as const;
export type RoundKey = (typeof ROUND_KEYS)[number];
export const MEETING_KEYS = ['m1', 'm2', 'm3'] as const;
export type MeetingKey = (typeof MEETING_KEYS)[number];

export interface Suggestion<K> {
  pitch: K;
  by: number;
  at: number;
  /** A repost of this suggestion from an earlier round's book discussion (the runner-up pitched again). */
  repostFrom?: RoundKey;
}

/** Approval ballots: member, and what they ticked. */
export type Ballots<K> = [by: number, ticked: K[]][];

export interface DiscussionStory<K> {
  suggestions: Suggestion<K>[];
  /** When a moderator closed it into a poll; absent: still open. */
  closedAt?: number;
  /** The poll's deadline, for a poll still open. */
  pollClosesAt?: number;
  ballots?: Ballots<K>;
  /** When the poll was closed; absent: still open. */
  pollClosedAt?: number;
  /** A tie on top opened a tiebreaker: its ballots and when it closed. */
  tiebreaker?: { ballots: Ballots<K>; closedAt: number };
}

export interface RoundStory {
  key: RoundKey;
  topic: 'Books' | 'Themes';
  by: number;
  at: number;
  themes?: DiscussionStory<ThemeKey>;
  books?: DiscussionStory<BookKey>;
}

export const ROUNDS: RoundStory[] = [
  {
    key: 'r1',
    topic: 'Books',
    by: MODERATOR,
    at: -120,
    books: {
      suggestions: [
        { pitch: 'b1', by: 1, at: -119.2 },
        { pitch: 'b2', by: 3, at: -118.6 },
        { pitch: 'b3', by: 4, at: -117.4 },
        { pitch: 'b4', by: 5, at: -116.1 },
      ],
      closedAt: -112,
      ballots: [
        [0, ['b1', 'b3']],
        [1, ['b1']],
        [2, ['b3', 'b1']],
        [3, ['b2']],
        [4, ['b3']],
        [5, ['b4', 'b1']],
        [6, ['b1']],
        [7, ['b3']],
        [8, ['b1', 'b2']],
        [9, ['b1']],
      ],
      pollClosedAt: -108,
    },
  },
  {
    key: 'r2',
    topic: 'Themes',
    by: ADMIN,
    at: -96,
    themes: {
      suggestions: [
        { pitch: 't1', by: 2, at: -95.3 },
        { pitch: 't2', by: 6, at: -94.8 },
        { pitch: 't3', by: 8, at: -94.1 },
      ],
      closedAt: -92,
      ballots: [
        [0, ['t2']],
        [1, ['t2', 't3']],
        [2, ['t1']],
        [3, ['t2']],
        [4, ['t1', 't2']],
        [5, ['t3']],
        [6, ['t2']],
        [7, ['t2']],
        [8, ['t3']],
        [9, ['t2', 't1']],
      ],
      pollClosedAt: -89,
    },
    books: {
      suggestions: [
        { pitch: 'b5', by: 0, at: -88.4 },
        { pitch: 'b6', by: 3, at: -87.7 },
        { pitch: 'b7', by: 7, at: -87.2 },
        { pitch: 'b8', by: 9, at: -86.5 },
        { pitch: 'b3', by: 4, at: -86.1, repostFrom: 'r1' },
      ],
      closedAt: -83,
      // b6 and b7 tie at five votes each: a tiebreaker decides.
      ballots: [
        [0, ['b5', 'b7']],
        [1, ['b6']],
        [2, ['b6', 'b3']],
        [3, ['b6']],
        [4, ['b7', 'b3']],
        [5, ['b6']],
        [6, ['b7', 'b8']],
        [7, ['b7']],
        [8, ['b6', 'b5']],
        [9, ['b7', 'b8']],
      ],
      pollClosedAt: -80,
      tiebreaker: {
        ballots: [
          [0, ['b7']],
          [1, ['b6']],
          [2, ['b7']],
          [3, ['b6']],
          [4, ['b7']],
          [5, ['b6']],
          [6, ['b7']],
          [7, ['b7']],
          [8, ['b6']],
          [9, ['b7']],
        ],
        closedAt: -77,
      },
    },
  },
  {
    key: 'r3',
    topic: 'Books',
    by: MODERATOR,
    at: -52,
    books: {
      suggestions: [
        { pitch: 'b9', by: 5, at: -51.3 },
        { pitch: 'b10', by: 1, at: -50.6 },
        { pitch: 'b11', by: 8, at: -50.2 },
        { pitch: 'b6', by: 3, at: -49.4, repostFrom: 'r2' },
      ],
      closedAt: -46,
      ballots: [
        [0, ['b10']],
        [1, ['b10', 'b9']],
        [2, ['b10', 'b11']],
        [3, ['b6']],
        [4, ['b10']],
        [5, ['b9']],
        [6, ['b10', 'b6']],
        [7, ['b11']],
        [8, ['b11', 'b10']],
        [9, ['b9']],
      ],
      pollClosedAt: -42,
    },
  },
  {
    key: 'r4',
    topic: 'Books',
    by: ADMIN,
    at: -12,
    books: {
      suggestions: [
        { pitch: 'b12', by: 6, at: -11.3 },
        { pitch: 'b13', by: 9, at: -10.6 },
        { pitch: 'b14', by: 4, at: -10.1 },
        { pitch: 'b11', by: 8, at: -9.2, repostFrom: 'r3' },
      ],
      closedAt: -4,
      pollClosesAt: 2.1,
      // Still open: the one-click member and moderator have not voted yet.
      ballots: [
        [0, ['b13']],
        [3, ['b12', 'b13']],
        [4, ['b14']],
        [5, ['b12']],
        [6, ['b12']],
        [8, ['b11', 'b13']],
      ],
    },
  },
  {
    key: 'r5',
    topic: 'Themes',
    by: MODERATOR,
    at: -1.5,
    themes: {
      suggestions: [
        { pitch: 't4', by: 7, at: -1.2 },
        { pitch: 't5', by: 9, at: -0.6 },
      ],
    },
  },
];

/** Reviews of the club's books (by the book's key: its winning suggestion), in the order of the texts. */
export const REVIEWS: Partial<Record<BookKey, { by: number; rating: number | null; at: number; spoilers?: true }[]>> = {
  b1: [
    { by: 0, rating: 5, at: -85 },
    { by: 3, rating: 4, at: -83.2 },
    { by: 5, rating: 3, at: -81.5 },
    { by: 2, rating: 5, at: -80.1 },
    { by: 8, rating: 4, at: -79.3 },
    { by: 6, rating: null, at: -78 },
  ],
  b7: [
    { by: 4, rating: 5, at: -57.4 },
    { by: 1, rating: 4, at: -56.2 },
    { by: 9, rating: 2, at: -55.1, spoilers: true },
    { by: 7, rating: 4, at: -54.3 },
    { by: 0, rating: 5, at: -52.8 },
  ],
  b10: [
    { by: 3, rating: 5, at: -8.3 },
    { by: 8, rating: 4, at: -3.4, spoilers: true },
  ],
};

export interface MeetingStory {
  key: MeetingKey;
  /** The book by its key (a book the club chose). */
  book: BookKey;
  at: number;
  /** Hour and minute in UTC. */
  time: [number, number];
  hours: number;
  online?: true;
  rsvp: Partial<Record<RsvpAnswer, number[]>>;
  checkedIn?: number[];
}

export const MEETINGS: MeetingStory[] = [
  {
    key: 'm1',
    book: 'b1',
    at: -84,
    time: [17, 0],
    hours: 2.5,
    rsvp: { going: [0, 1, 2, 3, 5, 6, 8], maybe: [4], notGoing: [7] },
    checkedIn: [0, 1, 2, 3, 5, 8],
  },
  {
    key: 'm2',
    book: 'b7',
    at: -58,
    time: [17, 30],
    hours: 2.5,
    rsvp: { going: [0, 1, 3, 4, 6, 7, 9], maybe: [2], notGoing: [5] },
    checkedIn: [0, 1, 2, 3, 4, 6, 7, 9],
  },
  {
    key: 'm3',
    book: 'b10',
    at: 6,
    time: [17, 0],
    hours: 2.5,
    online: true,
    // The one-click member has not answered yet.
    rsvp: { going: [0, 1, 3, 6, 8], maybe: [4, 5], notGoing: [9] },
  },
];

/** Discussion questions for the upcoming meeting: who asked, and when. */
export const QUESTIONS: { by: number; at: number }[] = [
  { by: 1, at: -5 },
  { by: 3, at: -3.5 },
  { by: 6, at: -1.1 },
];

/** Reading progress in the current book (b10). */
export const PROGRESS: { by: number; page?: number; percent?: number; finished?: true; shared: boolean; at: number }[] = [
  { by: 0, finished: true, shared: true, at: -5.2 },
  { by: 3, finished: true, shared: true, at: -9.1 },
  { by: 8, finished: true, shared: true, at: -4.3 },
  { by: 1, page: 240, shared: true, at: -0.8 },
  { by: 2, percent: 45, shared: true, at: -2.2 },
  { by: 4, page: 80, shared: true, at: -3.1 },
  { by: 6, percent: 70, shared: true, at: -1.4 },
  { by: 9, percent: 10, shared: false, at: -6 },
];

/** Recommendations: who and when, in the order of the texts. */
export const RECOMMENDATIONS: { by: number; at: number }[] = [
  { by: 2, at: -101 },
  { by: 5, at: -71 },
  { by: 9, at: -60.5 },
  { by: 4, at: -31 },
  { by: 6, at: -14.2 },
  { by: 1, at: -6.3 },
];

/** Currently-reading entries: whose, in the order of the texts. */
export const CURRENTLY_READING: { by: number; at: number }[] = [
  { by: 2, at: -20 },
  { by: 4, at: -15 },
  { by: 6, at: -12 },
  { by: 7, at: -9 },
  { by: 9, at: -4 },
  { by: 2, at: -2 },
];
