import type { Discussion } from './api/discussions';

export { HUB_PATH } from './constants';

/** Socket events the server pushes, and what each carries. */
export const HUB_EVENTS = {
  discussionChanged: 'DiscussionChanged',
} as const;

export interface HubEventPayloads {
  /** The whole discussion, posts included, after any change to it. */
  DiscussionChanged: Discussion;
}
