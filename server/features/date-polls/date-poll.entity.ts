import type { DatePollAnswer } from '../../../shared/api/date-polls';
import { column, defineTable, type RowOf } from '../../db/table';

/** A date poll: open until a moderator picks a date (which becomes `meetingId`) or cancels it. */
export const datePollTable = defineTable('date_poll', {
  id: column.generatedId(),
  title: column.varchar(200),
  closesAt: column.varchar(30).nullable(),
  place: column.varchar(500).nullable(),
  onlineUrl: column.varchar(1000).nullable(),
  bookId: column.integer().nullable(),
  isCancelled: column.boolean(),
  pickedOptionId: column.integer().nullable(),
  meetingId: column.integer().nullable(),
  /** When a moderator last reminded those who had not answered (at most once a day). */
  remindedOn: column.varchar(30).nullable(),
  /** When the moderators were asked to pick, its deadline having come; null while they have not been. */
  deadlineNoticeOn: column.varchar(30).nullable(),
  ownerId: column.varchar(36),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
  /** One more with every change members see, answers included (live events carry it). */
  version: column.integer(),
});
export type DatePollRow = RowOf<typeof datePollTable>;

/** A proposed date. */
export const datePollOptionTable = defineTable('date_poll_option', {
  id: column.generatedId(),
  datePollId: column.integer(),
  startsAt: column.varchar(30),
  endsAt: column.varchar(30).nullable(),
});
export type DatePollOptionRow = RowOf<typeof datePollOptionTable>;

/** A member's answer to one date; a member's answers are replaced together. */
export const datePollAnswerTable = defineTable('date_poll_answer', {
  optionId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  datePollId: column.integer(),
  answer: column.varchar<DatePollAnswer>(10),
  answeredOn: column.varchar(30),
});
export type DatePollAnswerRow = RowOf<typeof datePollAnswerTable>;
