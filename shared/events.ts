export { HUB_PATH } from "./constants";

/** Socket events the server pushes, and what each carries. */
export const HUB_EVENTS = {
  discussionChanged: 'DiscussionChanged',
} as const;

export interface HubEventPayloads {
  DiscussionChanged: unknown;
}
