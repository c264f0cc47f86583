import { resetTokenTable, userTable } from '../features/accounts';
import { bookTable } from '../features/books';
import { discussionTable, postTable } from '../features/discussions';
import { datePollAnswerTable, datePollOptionTable, datePollTable } from '../features/date-polls';
import { settingTable } from '../features/home';
import { mailTable } from '../features/mail';
import { calendarFeedTable, meetingCheckInTable, meetingRsvpTable, meetingTable } from '../features/meetings';
import { displayLinkTable, meetingNightTable, meetingQuestionTable } from '../features/meeting-night';
import { chatDeliveryTable, matrixRoomTable, webhookTable } from '../features/chat';
import { newsletterIssueTable, newsletterSubscriptionTable } from '../features/newsletters';
import { pollOptionTable, pollTable, voteChoiceTable, voteTable } from '../features/polls';
import { readingProgressTable } from '../features/progress';
import { partCommentTable, partReaderTable, readingPartTable } from '../features/reading-plan';
import { recommendationTable } from '../features/recommendations';
import { reviewTable } from '../features/reviews';
import { roundTable } from '../features/rounds';
import { currentlyReadingTable } from '../features/users';
import { shelfEntryTable, shelfLinkTable } from '../features/shelves';

/**
 * Every table of a club's database, as the features that own them declare them. The migrations create
 * them; table.test.ts holds each declaration to its migrated table, column by column.
 */
export const clubTables = [
  userTable,
  resetTokenTable,
  settingTable,
  roundTable,
  discussionTable,
  postTable,
  pollTable,
  pollOptionTable,
  voteTable,
  voteChoiceTable,
  bookTable,
  mailTable,
  newsletterSubscriptionTable,
  newsletterIssueTable,
  currentlyReadingTable,
  recommendationTable,
  reviewTable,
  meetingTable,
  meetingRsvpTable,
  calendarFeedTable,
  readingProgressTable,
  meetingCheckInTable,
  meetingQuestionTable,
  meetingNightTable,
  displayLinkTable,
  webhookTable,
  matrixRoomTable,
  chatDeliveryTable,
  shelfLinkTable,
  shelfEntryTable,
  datePollTable,
  datePollOptionTable,
  datePollAnswerTable,
  readingPartTable,
  partCommentTable,
  partReaderTable,
];
