import type { Discussion } from './api/discussions';
import type { Meeting } from './api/meetings';
import type { Poll } from './api/poll';

export { HUB_PATH } from './constants';

/**
 * What a socket.io client puts beside its token in the handshake's `auth` to get the small events
 * (DECISIONS.md "Live events at scale"): `io({ path: HUB_PATH, auth: { token, ...DELTA_EVENTS_HANDSHAKE } })`.
 * A client that asks for nothing (or for another value) gets today's whole-document events (HUB_EVENTS),
 * as bots written against them expect; SignalR clients get what Obskurnee's hub sends, whatever they ask.
 */
export const DELTA_EVENTS_HANDSHAKE = { events: 2 } as const;

/** Socket events the server pushes, and what each carries. */
export const HUB_EVENTS = {
  discussionChanged: 'DiscussionChanged',
  pollChanged: 'PollChanged',
  meetingChanged: 'MeetingChanged',
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
}
