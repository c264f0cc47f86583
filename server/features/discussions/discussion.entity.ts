import { column, defineTable, type RowOf } from '../../db/table';
import type { Topic } from '../../../shared/api/discussions';

export const discussionTable = defineTable('discussion', {
  id: column.generatedId(),
  roundId: column.integer(),
  title: column.varchar(300),
  description: column.text().nullable(),
  topic: column.varchar<Topic>(20),
  isClosed: column.boolean(),
  pollId: column.integer().nullable(),
  ownerId: column.varchar(36).nullable(),
  createdOn: column.varchar(30),
  /** One more with every change to the discussion or its posts (live events carry it). */
  version: column.integer(),
});
export type DiscussionRow = RowOf<typeof discussionTable>;
