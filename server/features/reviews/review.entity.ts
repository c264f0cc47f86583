import { EntitySchema } from 'typeorm';

export interface ReviewRow {
  id: number;
  bookId: number;
  ownerId: string;
  rating: number | null;
  reviewText: string;
  reviewUrl: string | null;
  /** Its author marked it "contains spoilers" (the renderer folds it; shared/spoiler-fold.ts). */
  hasSpoilers: boolean;
  createdOn: string;
  modifiedOn: string;
}

export const ReviewEntity = new EntitySchema<ReviewRow>({
  name: 'Review',
  tableName: 'review',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    bookId: { type: 'integer' },
    ownerId: { type: 'varchar', length: 36 },
    rating: { type: 'integer', nullable: true },
    reviewText: { type: 'text' },
    reviewUrl: { type: 'varchar', length: 1000, nullable: true },
    hasSpoilers: { type: 'boolean', default: false },
    createdOn: { type: 'varchar', length: 30 },
    modifiedOn: { type: 'varchar', length: 30 },
  },
});
