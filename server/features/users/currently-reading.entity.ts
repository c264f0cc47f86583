import { EntitySchema } from 'typeorm';

export interface CurrentlyReadingRow {
  id: number;
  ownerId: string;
  title: string;
  author: string | null;
  createdOn: string;
}

export const CurrentlyReadingEntity = new EntitySchema<CurrentlyReadingRow>({
  name: 'CurrentlyReading',
  tableName: 'currently_reading',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    ownerId: { type: 'varchar', length: 36 },
    title: { type: 'varchar', length: 300 },
    author: { type: 'varchar', length: 300, nullable: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});
