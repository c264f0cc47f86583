import { z } from 'zod';
import { postFieldsSchema } from './discussions';

/** A member's personal recommendation: a book with why they liked it. */
export interface Recommendation {
  recommendationId: number;
  ownerId: string;
  ownerName: string;
  title: string;
  author: string | null;
  pageCount: number | null;
  url: string | null;
  imageUrl: string | null;
  text: string | null;
  renderedText: string | null;
  createdOn: string;
  modifiedOn: string;
}

/** The same fields as a book suggestion, with the same rules (title, author, page count, text required). */
export const recommendationFieldsSchema = postFieldsSchema.omit({ parentPostId: true, parentRecommendationId: true });
export type RecommendationInput = z.input<typeof recommendationFieldsSchema>;

/** PATCH /api/recommendations/: the id from recommendationId, or, as Obskurnee read it, postId. */
export const recommendationUpdateSchema = recommendationFieldsSchema.extend({
  recommendationId: z.number({ error: 'validation:wrongType' }).int().positive().optional(),
  postId: z.number({ error: 'validation:wrongType' }).int().positive().optional(),
});
