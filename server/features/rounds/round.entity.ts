import { column, defineTable, type RowOf } from '../../db/table';
import type { RoundTopic } from '../../../shared/api/rounds';

export const roundTable = defineTable('round', {
  id: column.generatedId(),
  title: column.varchar(200),
  description: column.text().nullable(),
  topic: column.varchar<RoundTopic>(20),
  themeDiscussionId: column.integer().nullable(),
  themePollId: column.integer().nullable(),
  themeTiebreakerPollId: column.integer().nullable(),
  bookDiscussionId: column.integer().nullable(),
  bookPollId: column.integer().nullable(),
  bookTiebreakerPollId: column.integer().nullable(),
  bookId: column.integer().nullable(),
  ownerId: column.varchar(36).nullable(),
  createdOn: column.varchar(30),
});
export type RoundRow = RowOf<typeof roundTable>;
