import { column, defineTable, type RowOf } from '../../db/table';

/** A discussion question for a meeting; `position` orders them (a moderator's order, new ones last). */
export const meetingQuestionTable = defineTable('meeting_question', {
  id: column.generatedId(),
  meetingId: column.integer(),
  authorId: column.varchar(36),
  text: column.text(),
  hasSpoilers: column.boolean(),
  position: column.integer(),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
});
export type MeetingQuestionRow = RowOf<typeof meetingQuestionTable>;

/**
 * A meeting's evening (`id` is the meeting's): the question being discussed, the open poll whose counts a
 * moderator showed the room, and the version its questions' live events carry.
 */
export const meetingNightTable = defineTable('meeting_night', {
  id: column.integer().primary(),
  currentQuestionId: column.integer().nullable(),
  revealedPollId: column.integer().nullable(),
  version: column.integer(),
});
export type MeetingNightRow = RowOf<typeof meetingNightTable>;

/** The club's one display link (`id` is always 1): only the SHA-256 of its token is kept. */
export const displayLinkTable = defineTable('display_link', {
  id: column.integer().primary(),
  tokenHash: column.varchar(64),
  createdOn: column.varchar(30),
  createdBy: column.varchar(36),
});
