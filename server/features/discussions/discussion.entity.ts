import { EntitySchema } from 'typeorm';
import type { Topic } from '../../../shared/api/discussions';

export interface DiscussionRow {
  id: number;
  roundId: number;
  title: string;
  description: string | null;
  topic: Topic;
  isClosed: boolean;
  pollId: number | null;
  ownerId: string | null;
  createdOn: string;
}

export const DiscussionEntity = new EntitySchema<DiscussionRow>({
  name: 'Discussion',
  tableName: 'discussion',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    roundId: { type: 'integer' },
    title: { type: 'varchar', length: 300 },
    description: { type: 'text', nullable: true },
    topic: { type: 'varchar', length: 20 },
    isClosed: { type: 'boolean' },
    pollId: { type: 'integer', nullable: true },
    ownerId: { type: 'varchar', length: 36, nullable: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});
