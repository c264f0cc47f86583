import type { Discussion } from './api/discussions';
import type { Poll } from './api/poll';

export { HUB_PATH } from './constants';

/** Socket events the server pushes, and what each carries. */
export const HUB_EVENTS = {
  discussionChanged: 'DiscussionChanged',
  pollChanged: 'PollChanged',
} as const;

export interface HubEventPayloads {
  /** The whole discussion, posts included, after any change to it. */
  DiscussionChanged: Discussion;
  /** A poll that closed (by a moderator, or by its last active member's vote), as everyone sees it then. */
  PollChanged: Poll;
}
