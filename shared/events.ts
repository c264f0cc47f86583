import type { DatePollAnswer, DatePollState } from './api/date-polls';
import type { Discussion, DiscussionState, Post } from './api/discussions';
import type { MeetingQuestion } from './api/meeting-night';
import type { Meeting, MeetingState, RsvpAnswer } from './api/meetings';
import type { Poll, PollState, PollVoteCount, RankedRound } from './api/poll';
import type { PartComment } from './api/reading-plan';

export { HUB_PATH } from './constants';

/**
 * What a socket.io client puts beside its token in the handshake's `auth` to get the small events
 * (DECISIONS.md "Live events at scale"): `io({ path: HUB_PATH, auth: { token, ...DELTA_EVENTS_HANDSHAKE } })`.
 * A client that asks for nothing (or for another value) gets today's whole-document events (HUB_EVENTS),
 * as bots written against them expect; SignalR clients get what Obskurnee's hub sends, whatever they ask.
 */
export const DELTA_EVENTS_HANDSHAKE = { events: 2 } as const;

/**
 * What a screen showing the room view through the display link puts in its handshake's `auth`:
 * `{ display: token }`. It gets the small events of the evening (DISPLAY_EVENTS) as a member who has not
 * voted does, and is disconnected when the link is revoked.
 */
export const DISPLAY_HANDSHAKE_KEY = 'display';

/** Today's socket events, each with a whole document: for clients that ask for nothing at the handshake. */
export const HUB_EVENTS = {
  discussionChanged: 'DiscussionChanged',
  pollChanged: 'PollChanged',
  meetingChanged: 'MeetingChanged',
  /** Date polls never had a whole-document event, and their grid is never pushed: these are the small ones. */
  datePollUpdated: 'DatePollUpdated',
  datePollAnswered: 'DatePollAnswered',
} as const;

export interface HubEventPayloads {
  /** The whole discussion, posts included, after any change to it. */
  DiscussionChanged: Discussion;
  /**
   * A poll that closed (by a moderator, its last active member's vote, or its deadline) or whose deadline
   * changed, as everyone sees it then (counts hidden while it is open).
   */
  PollChanged: Poll;
  /** The whole meeting after it was scheduled, changed, cancelled or answered (myRsvp null). */
  MeetingChanged: Meeting;
  /** The same small events as DELTA_EVENTS' (DeltaEventPayloads): a client that asked for nothing gets them too. */
  DatePollUpdated: DatePollState;
  DatePollAnswered: DatePollAnswered;
}

/**
 * What the SignalR endpoint sends Obskurnee's client, which knows this one event (DECISIONS.md "Obskurnee
 * compatibility"): whatever arrives, its client keeps as the club's current discussion, the one its home links.
 */
export const OBSKURNEE_EVENTS = { discussionChanged: 'DiscussionChanged' } as const;

export interface ObskurneeEventPayloads {
  /**
   * The club's current discussion (the latest open one, as home answers it), whole, or null when none is
   * open; sent only when that changes: a round starts, a discussion closes into its poll, a theme poll's
   * winner opens the book discussion. A post added or edited sends nothing.
   */
  DiscussionChanged: Discussion | null;
}

/**
 * The small events, for clients that asked for them (DELTA_EVENTS_HANDSHAKE): each says what changed, not
 * the whole document, so one post into a 200-post discussion is the post, not the 200.
 *
 * Each carries the `version` its discussion, poll or meeting has after the change (the answers of the
 * API carry it too). On one connection events come in order, so a client holding version n applies an
 * event of n + 1, ignores one it already has (n or less: its copy was read after the change), and reads
 * the thing again on a larger step (a change it missed). After a reconnect it reads again what it shows:
 * events sent while it was away are not sent again.
 */
export const DELTA_EVENTS = {
  postAdded: 'PostAdded',
  postChanged: 'PostChanged',
  postRemoved: 'PostRemoved',
  discussionUpdated: 'DiscussionUpdated',
  pollUpdated: 'PollUpdated',
  voteCounted: 'VoteCounted',
  meetingUpdated: 'MeetingUpdated',
  meetingAnswered: 'MeetingAnswered',
  meetingCheckedIn: 'MeetingCheckedIn',
  questionsChanged: 'QuestionsChanged',
  roomRevealed: 'RoomRevealed',
  datePollUpdated: 'DatePollUpdated',
  datePollAnswered: 'DatePollAnswered',
} as const;

/** The small events a display-link screen gets: what the room view shows. */
export const DISPLAY_EVENTS: readonly string[] = [
  DELTA_EVENTS.discussionUpdated,
  DELTA_EVENTS.pollUpdated,
  DELTA_EVENTS.voteCounted,
  DELTA_EVENTS.meetingUpdated,
  DELTA_EVENTS.meetingCheckedIn,
  DELTA_EVENTS.questionsChanged,
  DELTA_EVENTS.roomRevealed,
];

/** A post as the API answers it: a post reads the same for every member (nothing in it depends on the reader). */
export interface PostEvent {
  discussionId: number;
  version: number;
  post: Post;
}

export interface DeltaEventPayloads {
  PostAdded: PostEvent;
  /** An edited post, whole. */
  PostChanged: PostEvent;
  /** No route removes a post today; the renderer follows it already, so a removal needs only its push. */
  PostRemoved: { discussionId: number; version: number; postId: number };
  /** A discussion opened or closed (into its poll): its own fields, without its posts. */
  DiscussionUpdated: DiscussionState;
  /**
   * A poll opened, closed, or its deadline changed: without its options and voters, the counts as a member
   * who has not voted sees them (hidden while it is open, everyone's once it is closed).
   */
  PollUpdated: PollState;
  /**
   * Ballots counted: the members whose ballots a commit wrote (a storm of votes shares commits, so one
   * event may count several), in the order the poll lists them. `votes` are the counts as the recipient
   * may see them: a member who has voted gets them, anyone else gets none while the poll is open. A ranked
   * poll's carry its rounds of counting as well (hidden as `votes` are).
   */
  VoteCounted: { pollId: number; version: number; voterIds: string[]; votes: PollVoteCount[]; rankedRounds?: RankedRound[] };
  /** A meeting scheduled, changed or cancelled: without who answered what. */
  MeetingUpdated: MeetingState;
  /** A member's answer to a meeting (a second replaces the first), with their name for the list of who comes. */
  MeetingAnswered: { meetingId: number; version: number; userId: string; name: string; answer: RsvpAnswer };
  /** A member checked in at a meeting (checkedIn true) or the check-in was taken back. */
  MeetingCheckedIn: { meetingId: number; version: number; userId: string; name: string; checkedIn: boolean };
  /**
   * A meeting's questions changed: `order` is every question's id in order (one removed is missing), and
   * `question` the one added or changed, whole; the current question as it is now.
   */
  QuestionsChanged: { meetingId: number; version: number; currentQuestionId: number | null; order: number[]; question?: MeetingQuestion };
  /** A moderator showed the room the open poll's counts: the room reads the poll again. */
  RoomRevealed: { meetingId: number; pollId: number };
  /** A date poll opened, edited, cancelled or picked: its own fields and dates, never the grid of answers. */
  DatePollUpdated: DatePollState;
  /** One member's answers as they now stand (they replace that member's earlier ones), with their name. */
  DatePollAnswered: DatePollAnswered;
}

/** One member's answers to a date poll, by option id (an option left out: no answer). */
export interface DatePollAnswered {
  datePollId: number;
  version: number;
  userId: string;
  name: string;
  answers: Record<string, DatePollAnswer>;
}

/**
 * The reading plan's events (DECISIONS.md "Reading together"). The text of a part's comments may reach only
 * the members who have reached or revealed the part, so these go to named accounts (the others get a count),
 * in one small form to every socket.io client of theirs, whatever it asked for at its handshake; SignalR's
 * clients (Obskurnee's) and display screens get none.
 */
export const READING_EVENTS = {
  scheduleChanged: 'ScheduleChanged',
  partsReached: 'PartsReached',
  partCommentAdded: 'PartCommentAdded',
  partCommentChanged: 'PartCommentChanged',
  partCommentRemoved: 'PartCommentRemoved',
  partCommentCounted: 'PartCommentCounted',
} as const;

/**
 * A comment as it travels live: as the API answers it, without its markdown (`text`), which whoever edits it
 * reads with GET; so a 500-character comment's event stays under 1 kB.
 */
export type PartCommentShown = Omit<PartComment, 'text'>;

export interface ReadingEventPayloads {
  /** A moderator changed a book's schedule: to everyone, without anyone's comments; clients read it again. */
  ScheduleChanged: { bookId: number };
  /** The caller's progress (or a new schedule) reached these parts: they are open to them from now on. */
  PartsReached: { bookId: number; partIds: number[] };
  /** To the members who reached or revealed the part; `count` and `version` are the part's after the change. */
  PartCommentAdded: { bookId: number; partId: number; version: number; count: number; comment: PartCommentShown };
  PartCommentChanged: { bookId: number; partId: number; version: number; count: number; comment: PartCommentShown };
  PartCommentRemoved: { bookId: number; partId: number; version: number; count: number; commentId: number };
  /** To everyone else when a part's comments change: how many there are, nothing of what they say. */
  PartCommentCounted: { bookId: number; partId: number; count: number };
}
