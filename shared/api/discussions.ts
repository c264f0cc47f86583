import { z } from 'zod';
import { requiredString } from './schema-helpers';

export const TOPICS = ['Books', 'Themes', 'Recommendations'] as const;
export type Topic = (typeof TOPICS)[number];

/** A suggestion in a discussion: a book (title, author, pages, link, text) or a theme (title, text). */
export interface Post {
  postId: number;
  discussionId: number;
  ownerId: string;
  ownerName: string;
  title: string;
  author: string | null;
  pageCount: number | null;
  url: string | null;
  imageUrl: string | null;
  text: string | null;
  renderedText: string | null;
  parentPostId: number | null;
  parentRecommendationId: number | null;
  createdOn: string;
  modifiedOn: string;
}

export interface Discussion {
  discussionId: number;
  roundId: number;
  title: string;
  description: string | null;
  renderedDescription: string | null;
  topic: Topic;
  isClosed: boolean;
  pollId: number | null;
  posts: Post[];
  createdOn: string;
}

/** A discussion as lists show it: no posts. */
export type DiscussionSummary = Omit<Discussion, 'posts'> & { postCount: number };

const optionalText = (max: number) =>
  z
    .string({ error: 'validation:wrongType' })
    .max(max, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const optionalLink = z
  .string({ error: 'validation:wrongType' })
  .trim()
  .max(1000, { error: 'validation:tooLong' })
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || /^https?:\/\/\S+$/i.test(value), { error: 'validation:linkInvalid' });

/**
 * Every field a suggestion may carry; which are required depends on the discussion's topic
 * (`checkPostForTopic`). Read-only fields of an answered post (ids, owner, rendered text, dates) are ignored.
 */
export const postFieldsSchema = z.object({
  title: requiredString('validation:titleRequired').trim().min(1, { error: 'validation:titleRequired' }).max(300, { error: 'validation:tooLong' }),
  author: optionalText(300),
  pageCount: z
    .union([z.number({ error: 'validation:pageCountInvalid' }), z.string().trim()], { error: 'validation:pageCountInvalid' })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1 || number > 100_000) {
        ctx.addIssue({ code: 'custom', message: 'validation:pageCountInvalid' });
        return z.NEVER;
      }
      return number;
    }),
  url: optionalLink,
  imageUrl: optionalLink,
  text: optionalText(20_000),
  parentPostId: z.number({ error: 'validation:wrongType' }).int().positive().nullish().transform((v) => v ?? null),
  parentRecommendationId: z.number({ error: 'validation:wrongType' }).int().positive().nullish().transform((v) => v ?? null),
});
export type PostFields = z.output<typeof postFieldsSchema>;
export type PostInput = z.input<typeof postFieldsSchema>;

/**
 * The rules that depend on the topic (SPEC section 5): books and recommendations need an author, a page
 * count and a text; themes need only a title. Answers field name to catalogue key.
 */
export function checkPostForTopic(post: PostFields, topic: Topic): Record<string, string> {
  const errors: Record<string, string> = {};
  if (topic !== 'Themes') {
    if (!post.author) errors.author = 'validation:authorRequired';
    if (post.pageCount === null) errors.pageCount = 'validation:pageCountRequired';
    if (!post.text) errors.text = 'validation:textRequired';
  }
  return errors;
}

/** PATCH /api/discussions/{discussionId}: the post as answered, with its postId. */
export const postUpdateSchema = postFieldsSchema.extend({
  postId: z.number({ error: 'validation:wrongType' }).int().positive(),
});

export const previewSchema = z.object({
  text: z.string({ error: 'validation:wrongType' }).max(50_000, { error: 'validation:tooLong' }).nullish().transform((v) => v ?? ''),
});
export interface PreviewResponse {
  html: string;
}
