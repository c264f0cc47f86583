/** What happened in the club that members may want to hear of by mail. */
export type ClubEvent =
  | { kind: 'roundStarted'; discussionId: number; title: string }
  | { kind: 'pollOpened'; pollId: number; title: string; isTiebreaker: boolean }
  | { kind: 'bookChosen'; bookId: number; order: number; title: string; author: string | null }
  | { kind: 'discussionOpened'; discussionId: number; title: string }
  | { kind: 'suggestionAdded'; discussionId: number; postId: number; title: string; owner: string; discussion: string; actorId: string }
  | { kind: 'recommendationAdded'; recommendationId: number; title: string; owner: string; actorId: string }
  | { kind: 'reviewAdded'; bookId: number; title: string; owner: string; rating: number | null; actorId: string };

export type ClubEventKind = ClubEvent['kind'];

/** Features publish events; the newsletter listens. Publishing never waits for and never fails on mail. */
export interface ClubEvents {
  publish(event: ClubEvent): void;
}

export const noClubEvents: ClubEvents = { publish() {} };
