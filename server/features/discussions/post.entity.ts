import { EntitySchema } from 'typeorm';

export interface PostRow {
  id: number;
  discussionId: number;
  ownerId: string;
  title: string;
  author: string | null;
  pageCount: number | null;
  url: string | null;
  imageUrl: string | null;
  text: string | null;
  /** The text as sanitized HTML, rendered when written. */
  renderedText: string | null;
  parentPostId: number | null;
  parentRecommendationId: number | null;
  /** Its author marked it "contains spoilers" (the renderer folds it; shared/spoiler-fold.ts). */
  hasSpoilers: boolean;
  createdOn: string;
  modifiedOn: string;
}

export const PostEntity = new EntitySchema<PostRow>({
  name: 'Post',
  tableName: 'post',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    discussionId: { type: 'integer' },
    ownerId: { type: 'varchar', length: 36 },
    title: { type: 'varchar', length: 300 },
    author: { type: 'varchar', length: 300, nullable: true },
    pageCount: { type: 'integer', nullable: true },
    url: { type: 'varchar', length: 1000, nullable: true },
    imageUrl: { type: 'varchar', length: 1000, nullable: true },
    text: { type: 'text', nullable: true },
    renderedText: { type: 'text', nullable: true },
    parentPostId: { type: 'integer', nullable: true },
    parentRecommendationId: { type: 'integer', nullable: true },
    hasSpoilers: { type: 'boolean', default: false },
    createdOn: { type: 'varchar', length: 30 },
    modifiedOn: { type: 'varchar', length: 30 },
  },
});
