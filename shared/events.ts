import type { Discussion } from './api/discussions';
import type { Meeting } from './api/meetings';
import type { Poll } from './api/poll';

export { HUB_PATH } from './constants';

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
