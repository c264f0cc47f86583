import { EntitySchema } from 'typeorm';
import type { RoundTopic } from '../../../shared/api/rounds';

export interface RoundRow {
  id: number;
  title: string;
  description: string | null;
  topic: RoundTopic;
  themeDiscussionId: number | null;
  themePollId: number | null;
  themeTiebreakerPollId: number | null;
  bookDiscussionId: number | null;
  bookPollId: number | null;
  bookTiebreakerPollId: number | null;
  bookId: number | null;
  ownerId: string | null;
  createdOn: string;
}

export const RoundEntity = new EntitySchema<RoundRow>({
  name: 'Round',
  tableName: 'round',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    title: { type: 'varchar', length: 200 },
    description: { type: 'text', nullable: true },
    topic: { type: 'varchar', length: 20 },
    themeDiscussionId: { type: 'integer', nullable: true },
    themePollId: { type: 'integer', nullable: true },
    themeTiebreakerPollId: { type: 'integer', nullable: true },
    bookDiscussionId: { type: 'integer', nullable: true },
    bookPollId: { type: 'integer', nullable: true },
    bookTiebreakerPollId: { type: 'integer', nullable: true },
    bookId: { type: 'integer', nullable: true },
    ownerId: { type: 'varchar', length: 36, nullable: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});
