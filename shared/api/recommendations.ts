import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { postFieldsSchema, postSchema } from './discussions';
import { jsonNumber } from './schema-helpers';

/** A post's own fields, without what places it in a discussion or names what it reposts. */
const postFields = postSchema.omit({ postId: true, discussionId: true, parentPostId: true, parentRecommendationId: true, hasSpoilers: true }).shape;

export const recommendationSchema = component(
  'Recommendation',
  "A member's personal recommendation: a book, and why they liked it.",
  z.object({
    recommendationId: field.id('recommendation'),
    ...postFields,
    text: postFields.text.describe('Markdown: why the member recommends it.'),
  }),
);
/** A member's personal recommendation: a book with why they liked it. */
export type Recommendation = z.infer<typeof recommendationSchema>;

/** The same fields as a book suggestion, with the same rules (title, author, page count, text required). */
export const recommendationFieldsSchema = postFieldsSchema.omit({ parentPostId: true, parentRecommendationId: true, hasSpoilers: true });
export type RecommendationInput = z.input<typeof recommendationFieldsSchema>;

/** PATCH /api/recommendations/: the id from recommendationId, or, as Obskurnee read it, postId. */
export const recommendationUpdateSchema = recommendationFieldsSchema.extend({
  recommendationId: jsonNumber(z.number().int().positive()).optional(),
  postId: jsonNumber(z.number().int().positive()).optional(),
});

export const recommendationsApi = {
  list: route({
    operationId: 'listRecommendations',
    method: 'get',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: "All members' recommendations.",
    who: 'member',
    answer: answer.list(recommendationSchema, 'Every recommendation.'),
  }),
  get: route({
    operationId: 'getRecommendation',
    method: 'get',
    path: '/api/recommendations/{recommendationId}',
    tag: 'Recommendations',
    summary: 'One recommendation.',
    who: 'member',
    params: { recommendationId: idParam('recommendation', 'recommendationNotFound') },
    answer: answer.one(recommendationSchema, 'The recommendation.'),
    errors: { 404: ['recommendationNotFound'] },
  }),
  create: route({
    operationId: 'addRecommendation',
    method: 'post',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: 'Recommend a book (title, author, page count and text required, as for a book suggestion).',
    who: 'member',
    body: recommendationFieldsSchema,
    answer: answer.one(recommendationSchema, 'The new recommendation.'),
  }),
  update: route({
    operationId: 'editRecommendation',
    method: 'patch',
    path: '/api/recommendations',
    tag: 'Recommendations',
    summary: 'Edit a recommendation, named by recommendationId (or, as Obskurnee sent it, postId).',
    description: "Owners edit their own, moderators anyone's. Also answers at /api/recommendations/.",
    who: 'member',
    body: recommendationUpdateSchema,
    answer: answer.one(recommendationSchema, 'The updated recommendation.'),
    errors: { 403: ['notYourRecommendation'], 404: ['recommendationNotFound'] },
  }),
};
