import { EntitySchema } from 'typeorm';

export interface BookRow {
  id: number;
  order: number;
  roundId: number;
  postId: number;
  createdOn: string;
}

export const BookEntity = new EntitySchema<BookRow>({
  name: 'Book',
  tableName: 'book',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    order: { type: 'integer' },
    roundId: { type: 'integer' },
    postId: { type: 'integer' },
    createdOn: { type: 'varchar', length: 30 },
  },
});
