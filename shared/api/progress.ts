import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { jsonNumber } from './schema-helpers';

/*
 * Reading progress (DECISIONS.md "Meetings, deadlines and progress"): where a member is in a book, as a page,
 * a percentage or "finished", and whether the club sees it (it does not unless the member says so).
 */

export const PROGRESS_PAGE_MAX = 100_000;

export const progressEntrySchema = component(
  'ReadingProgress',
  'Where a member is in a book: exactly one of page, percent or finished says it.',
  z.object({
    userId: field.userId(),
    name: z.string(),
    page: z.number().int().nullable(),
    percent: z.number().int().min(0).max(100).nullable(),
    finished: z.boolean(),
    shared: z.boolean().describe('Whether the club sees it.'),
    updatedOn: field.dateTime(),
  }),
);
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

export const bookProgressSchema = component(
  'BookProgress',
  "The caller's own progress in a book and everyone's shared progress.",
  z.object({
    mine: progressEntrySchema.nullable(),
    shared: z.array(progressEntrySchema).describe('Members who share their progress (the caller too, when sharing), furthest first.'),
  }),
);
export type BookProgress = z.infer<typeof bookProgressSchema>;

/** `{ page } | { percent } | { finished: true }`, with `shared`; exactly one of the three. */
export const progressUpdateSchema = z
  .object({
    page: jsonNumber(
      z
        .number()
        .int({ error: 'validation:progressPageInvalid' })
        .min(1, { error: 'validation:progressPageInvalid' })
        .max(PROGRESS_PAGE_MAX, { error: 'validation:progressPageInvalid' }),
      'validation:progressPageInvalid',
    ).optional(),
    percent: jsonNumber(
      z
        .number()
        .int({ error: 'validation:progressPercentInvalid' })
        .min(0, { error: 'validation:progressPercentInvalid' })
        .max(100, { error: 'validation:progressPercentInvalid' }),
      'validation:progressPercentInvalid',
    ).optional(),
    finished: z.literal(true, { error: 'validation:progressFinishedInvalid' }).optional(),
    shared: z.boolean({ error: 'validation:wrongType' }).optional().default(false),
  })
  .superRefine((value, ctx) => {
    const given = [value.page, value.percent, value.finished].filter((part) => part !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation:progressOneOf' });
  })
  // The document says the same: exactly one of the three is required.
  .meta({ oneOf: [{ required: ['page'] }, { required: ['percent'] }, { required: ['finished'] }] });
export type ProgressUpdate = z.output<typeof progressUpdateSchema>;
export type ProgressUpdateInput = z.input<typeof progressUpdateSchema>;

const bookId = idParam('book', 'bookNotFound');

export const progressApi = {
  get: route({
    operationId: 'getReadingProgress',
    method: 'get',
    path: '/api/books/{bookId}/progress',
    tag: 'Reading progress',
    summary: "The caller's progress in a book and the club's shared progress.",
    who: 'member',
    params: { bookId },
    answer: answer.one(bookProgressSchema, 'Progress.'),
    errors: { 404: ['bookNotFound'] },
  }),
  record: route({
    operationId: 'recordReadingProgress',
    method: 'put',
    path: '/api/books/{bookId}/progress',
    tag: 'Reading progress',
    summary: 'Record where the caller is in a book: a page, a percentage, or finished; shared says whether the club sees it.',
    who: 'member',
    params: { bookId },
    body: progressUpdateSchema,
    answer: answer.one(bookProgressSchema, "Progress, with the caller's new entry."),
    errors: { 400: ['validation:progressOneOf'], 404: ['bookNotFound'] },
  }),
};
