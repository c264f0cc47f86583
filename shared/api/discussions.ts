import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { isClubCoverPath } from '../constants';
import { jsonNumber, optionalJsonNumber, requiredString } from './schema-helpers';

export const TOPICS = ['Books', 'Themes', 'Recommendations'] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * A number that grows with every change to a thing (a discussion, a poll, a meeting). Live events carry it
 * (shared/events.ts): a client holding an older one than the event's predecessor missed a change.
 */
export const versionField = (what: string) =>
  z.number().int().min(0).describe(`Grows with every change to the ${what}: live updates carry it, so a client can tell it missed one.`);

export const postSchema = component(
  'Post',
  'A suggestion in a discussion: a book (title, author, year, pages, link, text) or a theme (title, text).',
  z.object({
    postId: field.id('post'),
    discussionId: field.id('discussion'),
    ownerId: field.userId("The owner's user id."),
    ownerName: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    pageCount: z.number().int().nullable(),
    year: z.number().int().nullable().describe(`The year the book was first published (negative before the common era), or null when not given.`),
    url: z.string().nullable(),
    imageUrl: z.string().nullable(),
    text: z.string().nullable().describe('Markdown.'),
    renderedText: z.string().nullable().describe('text rendered to sanitized HTML.'),
    parentPostId: field.id('earlier post this one reposts').nullable(),
    parentRecommendationId: field.id('recommendation this one reposts').nullable(),
    hasSpoilers: z.boolean().describe("Its author marked it as containing spoilers: folded for members who have not finished the club's current book."),
    createdOn: field.dateTime(),
    modifiedOn: field.dateTime(),
  }),
);
/** A suggestion in a discussion: a book (title, author, year, pages, link, text) or a theme (title, text). */
export type Post = z.infer<typeof postSchema>;

const discussionFields = {
  discussionId: field.id('discussion'),
  roundId: field.id('round'),
  title: z.string(),
  description: z.string().nullable().describe('Markdown.'),
  renderedDescription: z.string().nullable().describe('description rendered to sanitized HTML.'),
  topic: z.enum(TOPICS),
  isClosed: z.boolean(),
  pollId: field.id('poll opened when the discussion closed').nullable(),
  createdOn: field.dateTime(),
  version: versionField('discussion or any of its posts'),
};

export const discussionSchema = component('Discussion', 'A discussion with its posts.', z.object({ ...discussionFields, posts: z.array(postSchema) }));
export type Discussion = z.infer<typeof discussionSchema>;
/** A discussion's own state, without its posts: what live events carry when the discussion itself changes. */
export type DiscussionState = Omit<Discussion, 'posts'>;

export const discussionSummarySchema = component(
  'DiscussionSummary',
  'A discussion as lists show it: without posts, with their count.',
  z.object({ ...discussionFields, postCount: z.number().int() }),
);
/** A discussion as lists show it: no posts. */
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

const optionalText = (max: number) =>
  z
    .string({ error: 'validation:wrongType' })
    .max(max, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const isHttpLink = (value: string) => /^https?:\/\/\S+$/i.test(value);
const linkField = (allowed: (value: string) => boolean) =>
  z
    .string({ error: 'validation:wrongType' })
    .trim()
    .max(1000, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || allowed(value), { error: 'validation:linkInvalid' });

/** An optional http(s) link: what posts, recommendations and reviews accept as their links. */
export const optionalLink = linkField(isHttpLink);

/**
 * A cover's link: an http(s) link, or one of the club's own covers (`/images/covers/ol-123.webp`, stored from
 * the book lookup or brought over from Obskurnee), which a post must keep when it is edited.
 */
export const optionalCoverLink = linkField((value) => isHttpLink(value) || isClubCoverPath(value));

/** The earliest publication year a book may give: the oldest written works are from the third millennium BC. */
export const YEAR_MIN = -3000;
/** The latest: next year, for a book announced before it comes out. */
export const latestPublicationYear = (now = new Date()) => now.getUTCFullYear() + 1;

/**
 * A publication year: a whole number from YEAR_MIN to next year, as a JSON number or a numeric string.
 * Absent stays absent (undefined); null and an empty string are null (no year).
 */
const publicationYear = z
  .union([z.number({ error: 'validation:yearInvalid' }), z.string().trim()], { error: 'validation:yearInvalid' })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const number = typeof value === 'number' ? value : /^-?\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < YEAR_MIN || number > latestPublicationYear()) {
      ctx.addIssue({ code: 'custom', message: 'validation:yearInvalid' });
      return z.NEVER;
    }
    return number;
  })
  .optional();

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
  /**
   * The year the book was first published. Optional, so clients that do not know it keep working: absent on
   * a new post means none (or, for a repost, the year of what it reposts), absent on an edit keeps the
   * stored year; null or an empty string clears it.
   */
  year: publicationYear,
  url: optionalLink,
  imageUrl: optionalCoverLink,
  text: optionalText(20_000),
  parentPostId: optionalJsonNumber(z.number().int().positive()),
  parentRecommendationId: optionalJsonNumber(z.number().int().positive()),
  /**
   * "Contains spoilers". Optional, so clients that do not know it keep working: absent on a new post means
   * not marked, absent on an edit keeps the post's mark as it is.
   */
  hasSpoilers: z.boolean({ error: 'validation:wrongType' }).optional(),
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
  postId: jsonNumber(z.number().int().positive()),
});

export const previewSchema = z.object({
  text: z
    .string({ error: 'validation:wrongType' })
    .max(50_000, { error: 'validation:tooLong' })
    .nullish()
    .transform((v) => v ?? ''),
});
export const previewResponseSchema = component(
  'PreviewResponse',
  'Markdown rendered as posts are.',
  z.object({ html: z.string().describe('Sanitized HTML.') }),
);

const discussionId = idParam('discussion', 'discussionNotFound');

export const discussionsApi = {
  list: route({
    operationId: 'listDiscussions',
    method: 'get',
    path: '/api/discussions',
    tag: 'Discussions',
    summary: 'All discussions, without their posts.',
    who: 'member',
    answer: answer.list(discussionSummarySchema, 'Every discussion, with its post count.'),
  }),
  preview: route({
    operationId: 'previewMarkdown',
    method: 'put',
    path: '/api/discussions/preview',
    tag: 'Discussions',
    summary: 'Render markdown as posts are rendered (bots may call it too).',
    who: 'member',
    // It changes nothing (DECISIONS.md roles).
    botsMay: true,
    body: previewSchema,
    answer: answer.one(previewResponseSchema, 'The sanitized HTML.'),
  }),
  get: route({
    operationId: 'getDiscussion',
    method: 'get',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'A discussion with its posts.',
    who: 'member',
    params: { discussionId },
    answer: answer.one(discussionSchema, 'The discussion.'),
    errors: { 404: ['discussionNotFound'] },
  }),
  addPost: route({
    operationId: 'addPost',
    method: 'post',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'Post a suggestion into an open discussion.',
    description:
      'Books and recommendations need author, pageCount and text; themes only a title. parentPostId reposts an ' +
      'earlier book suggestion into the open Books discussion.',
    who: 'member',
    params: { discussionId },
    body: postFieldsSchema,
    answer: answer.one(postSchema, 'The created post.'),
    errors: {
      400: ['parentPostNotFound', 'repostSameDiscussion', 'repostOnlyBooks'],
      404: ['discussionNotFound'],
      409: ['discussionClosed'],
    },
  }),
  editPost: route({
    operationId: 'editPost',
    method: 'patch',
    path: '/api/discussions/{discussionId}',
    tag: 'Discussions',
    summary: 'Edit a post (the post as answered, with its postId).',
    description: 'Owners edit their own while the discussion is open; moderators edit any, any time.',
    who: 'member',
    params: { discussionId },
    body: postUpdateSchema,
    answer: answer.one(postSchema, 'The updated post.'),
    errors: { 403: ['notYourPost'], 404: ['postNotFound'], 409: ['postClosedForEdits'] },
  }),
};
