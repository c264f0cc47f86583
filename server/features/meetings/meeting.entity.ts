import { EntitySchema } from 'typeorm';
import type { RsvpAnswer } from '../../../shared/api/meetings';

export interface MeetingRow {
  id: number;
  startsAt: string;
  endsAt: string | null;
  place: string | null;
  onlineUrl: string | null;
  bookId: number | null;
  notes: string | null;
  isCancelled: boolean;
  /** iCalendar SEQUENCE: one more with each change calendars must take over. */
  sequence: number;
  /** When the day-before reminder went out; null while it has not. */
  reminderSentOn: string | null;
  ownerId: string;
  createdOn: string;
  modifiedOn: string;
}

export const MeetingEntity = new EntitySchema<MeetingRow>({
  name: 'Meeting',
  tableName: 'meeting',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    startsAt: { type: 'varchar', length: 30 },
    endsAt: { type: 'varchar', length: 30, nullable: true },
    place: { type: 'varchar', length: 500, nullable: true },
    onlineUrl: { type: 'varchar', length: 1000, nullable: true },
    bookId: { type: 'integer', nullable: true },
    notes: { type: 'text', nullable: true },
    isCancelled: { type: 'boolean' },
    sequence: { type: 'integer' },
    reminderSentOn: { type: 'varchar', length: 30, nullable: true },
    ownerId: { type: 'varchar', length: 36 },
    createdOn: { type: 'varchar', length: 30 },
    modifiedOn: { type: 'varchar', length: 30 },
  },
});

/** A member's answer to a meeting; a second answer replaces the first. */
export interface MeetingRsvpRow {
  meetingId: number;
  userId: string;
  answer: RsvpAnswer;
  modifiedOn: string;
}

export const MeetingRsvpEntity = new EntitySchema<MeetingRsvpRow>({
  name: 'MeetingRsvp',
  tableName: 'meeting_rsvp',
  columns: {
    meetingId: { type: 'integer', primary: true },
    userId: { type: 'varchar', length: 36, primary: true },
    answer: { type: 'varchar', length: 10 },
    modifiedOn: { type: 'varchar', length: 30 },
  },
});

/** A member's private calendar feed: only the SHA-256 of its token is kept. */
export interface CalendarFeedRow {
  userId: string;
  tokenHash: string;
  createdOn: string;
  /** The account's session version when the feed was made: a later one (password reset, disabling) ends it. */
  sessionVersion: number;
}

export const CalendarFeedEntity = new EntitySchema<CalendarFeedRow>({
  name: 'CalendarFeed',
  tableName: 'calendar_feed',
  columns: {
    userId: { type: 'varchar', length: 36, primary: true },
    tokenHash: { type: 'varchar', length: 64, unique: true },
    createdOn: { type: 'varchar', length: 30 },
    sessionVersion: { type: 'integer', default: 0 },
  },
});
