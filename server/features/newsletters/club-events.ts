import type { Language } from '../../../shared/constants';
import type { MailAttachment } from '../../mail-outbox';

/**
 * A mail its feature wrote in each language, for events whose mail says more than a line and a link (a
 * meeting: its time in the club's zone, place, notes and .ics). The newsletter adds its signature and footer.
 */
export interface EventLetter {
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

/** What happened in the club that members may want to hear of by mail. */
export type ClubEvent =
  | { kind: 'roundStarted'; discussionId: number; title: string }
  | { kind: 'pollOpened'; pollId: number; title: string; isTiebreaker: boolean }
  | { kind: 'bookChosen'; bookId: number; order: number; title: string; author: string | null }
  | { kind: 'discussionOpened'; discussionId: number; title: string }
  | { kind: 'suggestionAdded'; discussionId: number; postId: number; title: string; owner: string; discussion: string; actorId: string }
  | { kind: 'recommendationAdded'; recommendationId: number; title: string; owner: string; actorId: string }
  | { kind: 'reviewAdded'; bookId: number; title: string; owner: string; rating: number | null; actorId: string }
  | { kind: 'pollClosed'; pollId: number; title: string; winner: string | null; tied: boolean }
  | {
      kind: 'meetingScheduled' | 'meetingChanged' | 'meetingCancelled';
      meetingId: number;
      letters: Record<Language, EventLetter>;
      actorId: string;
      /** The meeting as it is now, for the club's chat. */
      meeting: MeetingSummary;
    }
  | {
      /** A moderator proposed dates for the next meeting (date-polls/): its mail lists them. */
      kind: 'datePollOpened';
      datePollId: number;
      title: string;
      closesAt: string | null;
      optionCount: number;
      letters: Record<Language, EventLetter>;
      actorId: string;
    }
  | {
      /**
       * A part of a book's reading schedule is due tomorrow (reading-plan/part-due.ts): its title and due day
       * only, never its comments. Its reminder mail goes by the reading plan itself, to those who have not
       * reached the part, so no newsletter carries it.
       */
      kind: 'partDue';
      bookId: number;
      partId: number;
      title: string;
      dueOn: string;
    };

/** What a chat message says of a meeting. */
export interface MeetingSummary {
  startsAt: string;
  endsAt: string | null;
  place: string | null;
  onlineUrl: string | null;
  bookTitle: string | null;
}

export type ClubEventKind = ClubEvent['kind'];

/** Features publish events; the newsletter listens. Publishing never waits for and never fails on mail. */
export interface ClubEvents {
  publish(event: ClubEvent): void;
}

export const noClubEvents: ClubEvents = { publish() {} };
