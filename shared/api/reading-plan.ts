import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { versionField } from './discussions';
import { instant } from './instant';
import { PROGRESS_PAGE_MAX } from './progress';
import { jsonNumber, optionalJsonNumber, requiredString } from './schema-helpers';

/*
 * Reading together (DECISIONS.md "Reading together"): a book's reading schedule in parts, each with its own
 * comments, sealed for a member until their reading progress reaches the part or they choose to read it anyway.
 * (`schedule` elsewhere in the code is the club's timer, server/features/schedule: this is the reading plan.)
 */

export const READING_PARTS_MAX = 30;
export const READING_PART_TITLE_MAX = 200;
export const PART_COMMENT_MAX = 10_000;

export const readingPartSchema = component(
  'ReadingPart',
  'A part of a book’s reading schedule, as the caller stands against it.',
  z.object({
    partId: field.id('part'),
    title: z.string(),
    toPage: z.number().int().describe('The last page of the part; the parts run in order from page 1.'),
    dueOn: field.dateTime().describe('When it should be read by: the end of its due day in the club’s time zone when set from a screen.'),
    commentCount: z.number().int(),
    reached: z
      .boolean()
      .describe(
        'Whether the caller’s progress is at or past `toPage` (a percent as that share of the page count; without a page count a percent reaches nothing short of 100) or ever was.',
      ),
    revealed: z.boolean().describe('Whether the caller chose to read its comments anyway.'),
  }),
);
export type ReadingPart = z.infer<typeof readingPartSchema>;

export const readingScheduleSchema = component(
  'ReadingSchedule',
  'A book’s reading schedule: its parts in order (none when it has no schedule).',
  z.object({ bookId: field.id('book'), parts: z.array(readingPartSchema) }),
);
export type ReadingSchedule = z.infer<typeof readingScheduleSchema>;

export const partCommentSchema = component(
  'PartComment',
  'A comment on a part of the reading schedule.',
  z.object({
    commentId: field.id('comment'),
    ownerId: field.userId('Who wrote it.'),
    ownerName: z.string(),
    text: z.string().describe('Markdown, spoilers (`::words::`) included.'),
    renderedText: z.string().describe('The text rendered to sanitized HTML, as posts are.'),
    createdOn: field.dateTime(),
    editedOn: field.dateTime().nullable(),
  }),
);
export type PartComment = z.infer<typeof partCommentSchema>;

export const partCommentsSchema = component(
  'PartComments',
  'A part’s comments as the caller may read them: locked (only how many) until they reach or reveal the part.',
  z.object({
    part: readingPartSchema,
    locked: z.boolean().describe('True for a caller who has neither reached nor revealed the part (bots always): `comments` is then empty.'),
    count: z.number().int(),
    comments: z.array(partCommentSchema).describe('Oldest first; empty while locked.'),
    version: versionField('part’s comments'),
  }),
);
export type PartComments = z.infer<typeof partCommentsSchema>;

const partInput = z.object({
  /** A part kept from the schedule as it was (with its comments); a new part has none. */
  partId: optionalJsonNumber(z.number().int().positive()).optional(),
  title: requiredString('validation:readingPartTitleRequired')
    .trim()
    .min(1, { error: 'validation:readingPartTitleRequired' })
    .max(READING_PART_TITLE_MAX, { error: 'validation:tooLong' }),
  toPage: jsonNumber(
    z
      .number()
      .int({ error: 'validation:readingPartPageInvalid' })
      .min(1, { error: 'validation:readingPartPageInvalid' })
      .max(PROGRESS_PAGE_MAX, { error: 'validation:readingPartPageInvalid' }),
    'validation:readingPartPageInvalid',
  ),
  dueOn: instant('validation:readingPartDueRequired'),
});
export type ReadingPartInput = z.output<typeof partInput>;

export const readingScheduleInputSchema = z.object({
  parts: z
    .array(partInput, { error: 'validation:readingPartsCount' })
    .max(READING_PARTS_MAX, { error: 'validation:readingPartsCount' })
    .describe('The whole schedule, in reading order; an empty list clears it.'),
});
export type ReadingScheduleInput = z.input<typeof readingScheduleInputSchema>;
export type ReadingScheduleChange = z.output<typeof readingScheduleInputSchema>;

export const partCommentInputSchema = z.object({
  text: requiredString('validation:commentRequired')
    .trim()
    .min(1, { error: 'validation:commentRequired' })
    .max(PART_COMMENT_MAX, { error: 'validation:tooLong' }),
});

/**
 * The rules a schedule keeps (field name to catalogue key): the parts run in order, each ending past the one
 * before (neither out of order nor overlapping) and no later than the book's last page when the club knows its
 * page count, each due after the one before. The server checks them on every write; the form asks the same.
 */
export function readingPlanProblems(parts: readonly Pick<ReadingPartInput, 'toPage' | 'dueOn'>[], pageCount: number | null): Record<string, string> {
  const problems: Record<string, string> = {};
  parts.forEach((part, index) => {
    const before = parts[index - 1];
    if (before && part.toPage <= before.toPage) problems.toPage ??= 'validation:readingPartsOutOfOrder';
    if (pageCount && part.toPage > pageCount) problems.toPage ??= 'validation:readingPartPastPageCount';
    if (before && Date.parse(part.dueOn) <= Date.parse(before.dueOn)) problems.dueOn ??= 'validation:readingPartsDueOrder';
  });
  return problems;
}

const bookId = idParam('book', 'bookNotFound');
const partId = idParam('part', 'readingPartNotFound');
const commentId = idParam('comment', 'partCommentNotFound');
const partParams = { bookId, partId };

export const readingPlanApi = {
  schedule: route({
    operationId: 'getReadingSchedule',
    method: 'get',
    path: '/api/books/{bookId}/schedule',
    tag: 'Reading plan',
    summary: 'A book’s reading schedule: its parts, each with how many comments wait and whether the caller reached or revealed it.',
    who: 'member',
    params: { bookId },
    answer: answer.one(readingScheduleSchema, 'The schedule.'),
    errors: { 404: ['bookNotFound'] },
  }),
  setSchedule: route({
    operationId: 'setReadingSchedule',
    method: 'put',
    path: '/api/books/{bookId}/schedule',
    tag: 'Reading plan',
    summary: 'Replace a book’s reading schedule: 1 to 30 parts in order; an empty list clears it.',
    description:
      '`toPage` strictly increasing (at most the book’s page count when it has one), `dueOn` strictly increasing. A part sent with its `partId` keeps its comments; a part left out that has comments is a 409, and nothing changes.',
    who: 'moderator',
    params: { bookId },
    body: readingScheduleInputSchema,
    answer: answer.one(readingScheduleSchema, 'The new schedule.'),
    errors: {
      400: [
        'validation:readingPartsCount',
        'validation:readingPartsOutOfOrder',
        'validation:readingPartPastPageCount',
        'validation:readingPartsDueOrder',
        'readingPartForeign',
      ],
      404: ['bookNotFound'],
      409: ['readingPartHasComments'],
    },
  }),
  comments: route({
    operationId: 'getPartComments',
    method: 'get',
    path: '/api/books/{bookId}/parts/{partId}/comments',
    tag: 'Reading plan',
    summary: 'A part’s comments, or only how many there are while the caller has neither reached nor revealed it.',
    description: 'Bots have no reading progress: a part stays locked for them.',
    who: 'member',
    params: partParams,
    answer: answer.one(partCommentsSchema, 'The part’s comments.'),
    errors: { 404: ['bookNotFound', 'readingPartNotFound'] },
  }),
  reveal: route({
    operationId: 'revealPart',
    method: 'post',
    path: '/api/books/{bookId}/parts/{partId}/reveal',
    tag: 'Reading plan',
    summary: '"Show anyway": the caller reads the part’s comments before reaching it (remembered).',
    who: 'member',
    params: partParams,
    answer: answer.one(partCommentsSchema, 'The part’s comments, unlocked.'),
    errors: { 404: ['bookNotFound', 'readingPartNotFound'] },
  }),
  read: route({
    operationId: 'readPart',
    method: 'post',
    path: '/api/books/{bookId}/parts/{partId}/read',
    tag: 'Reading plan',
    summary: '"I’ve read this far": the caller’s progress moves to the part’s last page (never back; whether it is shared stays).',
    who: 'member',
    params: partParams,
    answer: answer.one(partCommentsSchema, 'The part’s comments, unlocked.'),
    errors: { 404: ['bookNotFound', 'readingPartNotFound'] },
  }),
  addComment: route({
    operationId: 'addPartComment',
    method: 'post',
    path: '/api/books/{bookId}/parts/{partId}/comments',
    tag: 'Reading plan',
    summary: 'Comment on a part the caller has reached or revealed (markdown and spoilers as in posts).',
    who: 'member',
    params: partParams,
    body: partCommentInputSchema,
    answer: answer.one(partCommentSchema, 'The new comment.'),
    errors: { 404: ['bookNotFound', 'readingPartNotFound'], 409: ['readingPartSealed'] },
  }),
  editComment: route({
    operationId: 'editPartComment',
    method: 'patch',
    path: '/api/books/{bookId}/parts/{partId}/comments/{commentId}',
    tag: 'Reading plan',
    summary: 'Change a comment: its owner, or a moderator (who need not have reached the part).',
    who: 'member',
    params: { ...partParams, commentId },
    body: partCommentInputSchema,
    answer: answer.one(partCommentSchema, 'The changed comment.'),
    errors: { 403: ['partCommentNotYours'], 404: ['bookNotFound', 'readingPartNotFound', 'partCommentNotFound'] },
  }),
  removeComment: route({
    operationId: 'removePartComment',
    method: 'delete',
    path: '/api/books/{bookId}/parts/{partId}/comments/{commentId}',
    tag: 'Reading plan',
    summary: 'Delete a comment: its owner, or a moderator.',
    who: 'member',
    params: { ...partParams, commentId },
    answer: answer.yes('Deleted.'),
    errors: { 403: ['partCommentNotYours'], 404: ['bookNotFound', 'readingPartNotFound', 'partCommentNotFound'] },
  }),
};
