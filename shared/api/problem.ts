import { z } from 'zod';
import { component } from './contract';

/** Every error the API answers is one of these, served as application/problem+json. */
export const problemDetailsSchema = component(
  'ProblemDetails',
  "Every error, served as application/problem+json. `detail` is a sentence for the user, in the request's Accept-Language (en or sk).",
  z.object({
    status: z.number().int().describe('The HTTP status, repeated.'),
    title: z.string().describe('The status in words.'),
    detail: z.string().describe('What went wrong, for the user to read.'),
    /** Present on validation errors: field name to its messages. */
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Validation errors only: each field to its messages.'),
  }),
);
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
