import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { postSchema } from './discussions';

export const bookSchema = component(
  'Book',
  "A book the club chose: a poll's winning post, numbered in the order the club read them.",
  z.object({
    bookId: field.id('book'),
    order: z.number().int().describe("1 for the club's first book, and so on."),
    roundId: field.id('round'),
    post: postSchema,
    createdOn: field.dateTime(),
  }),
);
/** A book the club chose: a poll's winning post, numbered in the order the club read them. */
export type Book = z.infer<typeof bookSchema>;

export const booksApi = {
  list: route({
    operationId: 'listBooks',
    method: 'get',
    path: '/api/books',
    tag: 'Books',
    summary: 'The books the club chose.',
    who: 'member',
    answer: answer.list(bookSchema, 'Every book.'),
  }),
  get: route({
    operationId: 'getBook',
    method: 'get',
    path: '/api/books/{bookId}',
    tag: 'Books',
    summary: 'One book.',
    who: 'member',
    params: { bookId: idParam('book', 'bookNotFound') },
    answer: answer.one(bookSchema, 'The book.'),
    errors: { 404: ['bookNotFound'] },
  }),
};
