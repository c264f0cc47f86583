import { EntitySchema } from 'typeorm';

/** Where a member is in a book: one of page, percent or finished; seen by the club only when shared. */
export interface ReadingProgressRow {
  bookId: number;
  userId: string;
  page: number | null;
  percent: number | null;
  finished: boolean;
  shared: boolean;
  updatedOn: string;
}

export const ReadingProgressEntity = new EntitySchema<ReadingProgressRow>({
  name: 'ReadingProgress',
  tableName: 'reading_progress',
  columns: {
    bookId: { type: 'integer', primary: true },
    userId: { type: 'varchar', length: 36, primary: true },
    page: { type: 'integer', nullable: true },
    percent: { type: 'integer', nullable: true },
    finished: { type: 'boolean' },
    shared: { type: 'boolean' },
    updatedOn: { type: 'varchar', length: 30 },
  },
});
