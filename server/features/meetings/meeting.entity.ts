import { column, defineTable, type RowOf } from '../../db/table';
import type { RsvpAnswer } from '../../../shared/api/meetings';

export const meetingTable = defineTable('meeting', {
  id: column.generatedId(),
  startsAt: column.varchar(30),
  endsAt: column.varchar(30).nullable(),
  place: column.varchar(500).nullable(),
  onlineUrl: column.varchar(1000).nullable(),
  bookId: column.integer().nullable(),
  notes: column.text().nullable(),
  isCancelled: column.boolean(),
  /** iCalendar SEQUENCE: one more with each change calendars must take over. */
  sequence: column.integer(),
  /** When the day-before reminder went out; null while it has not. */
  reminderSentOn: column.varchar(30).nullable(),
  ownerId: column.varchar(36),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
  /** One more with every change members see, answers included (live events carry it); `sequence` counts only what calendars take over. */
  version: column.integer(),
});
export type MeetingRow = RowOf<typeof meetingTable>;

/** A member's answer to a meeting; a second answer replaces the first. */
export const meetingRsvpTable = defineTable('meeting_rsvp', {
  meetingId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  answer: column.varchar<RsvpAnswer>(10),
  modifiedOn: column.varchar(30),
});
export type MeetingRsvpRow = RowOf<typeof meetingRsvpTable>;

/** Who checked in at a meeting ("I'm here"), and who checked them in (themselves or a moderator). */
export const meetingCheckInTable = defineTable('meeting_checkin', {
  meetingId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  checkedInOn: column.varchar(30),
  checkedInBy: column.varchar(36),
});
export type MeetingCheckInRow = RowOf<typeof meetingCheckInTable>;

/** A member's private calendar feed: only the SHA-256 of its token is kept. */
export const calendarFeedTable = defineTable('calendar_feed', {
  userId: column.varchar(36).primary(),
  tokenHash: column.varchar(64),
  createdOn: column.varchar(30),
  /** The account's session version when the feed was made: a later one (password reset, disabling) ends it. */
  sessionVersion: column.integer(),
});
export type CalendarFeedRow = RowOf<typeof calendarFeedTable>;
