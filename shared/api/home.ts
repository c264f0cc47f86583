import type { Language } from '../constants';
import type { Profile } from './accounts';
import type { Book } from './books';

/** The open discussion as home lists it: without its posts. */
export interface CurrentDiscussionSummary {
  discussionId: number;
  title: string;
  topic: string;
  isClosed: boolean;
}

/** The open poll as home lists it: without its options. */
export interface CurrentPollSummary {
  pollId: number;
  discussionId: number;
  title: string;
  topic: string;
  isClosed: boolean;
}

export interface HomeData {
  /** Newest first: the first is the book the club reads now. */
  books: Book[];
  notice: string | null;
  currentPoll: CurrentPollSummary | null;
  currentDiscussion: CurrentDiscussionSummary | null;
  myProfile: Profile | null;
  siteName: string;
  defaultLanguage: Language;
  matrixRoomLink: string | null;
  /** True until the first admin exists: the renderer offers /setup. (Not in Obskurnee.) */
  needsSetup: boolean;
  /**
   * While setup is open, true for a caller on another machine: the setup form must ask for the one-time
   * setup code the server printed on start (DECISIONS.md "Abuse and sessions").
   */
  setupNeedsCode: boolean;
}
