import { EntitySchema } from 'typeorm';

export interface RecommendationRow {
  id: number;
  ownerId: string;
  title: string;
  author: string | null;
  pageCount: number | null;
  url: string | null;
  imageUrl: string | null;
  text: string | null;
  /** The text as sanitized HTML, rendered when written. */
  renderedText: string | null;
  createdOn: string;
  modifiedOn: string;
}

export const RecommendationEntity = new EntitySchema<RecommendationRow>({
  name: 'Recommendation',
  tableName: 'recommendation',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    ownerId: { type: 'varchar', length: 36 },
    title: { type: 'varchar', length: 300 },
    author: { type: 'varchar', length: 300, nullable: true },
    pageCount: { type: 'integer', nullable: true },
    url: { type: 'varchar', length: 1000, nullable: true },
    imageUrl: { type: 'varchar', length: 1000, nullable: true },
    text: { type: 'text', nullable: true },
    renderedText: { type: 'text', nullable: true },
    createdOn: { type: 'varchar', length: 30 },
    modifiedOn: { type: 'varchar', length: 30 },
  },
});
