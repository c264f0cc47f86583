import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { profileSchema } from './accounts';
import { bookSchema } from './books';
import { answer, component, field, route } from './contract';
import { demoClubSchema } from './demo';
import { TOPICS } from './discussions';

/** The open discussion as home lists it: without its posts. */
export const currentDiscussionSummarySchema = component(
  'CurrentDiscussionSummary',
  'The open discussion as home lists it: without its posts.',
  z.object({ discussionId: field.id('discussion'), title: z.string(), topic: z.enum(TOPICS), isClosed: z.boolean() }),
);
export type CurrentDiscussionSummary = z.infer<typeof currentDiscussionSummarySchema>;

/** The open poll as home lists it: without its options. */
export const currentPollSummarySchema = component(
  'CurrentPollSummary',
  'The open poll as home lists it: without its options.',
  z.object({
    pollId: field.id('poll'),
    discussionId: field.id('discussion'),
    title: z.string(),
    topic: z.enum(TOPICS),
    isClosed: z.boolean(),
    closesAt: field.dateTime().nullable().describe('When the poll closes itself; null without a deadline.'),
  }),
);
export type CurrentPollSummary = z.infer<typeof currentPollSummarySchema>;

export const homeDataSchema = component(
  'HomeData',
  'The home screen. A visitor gets siteName, defaultLanguage, needsSetup, `books: []` and nulls for the rest (the club is members-only).',
  z.object({
    books: z.array(bookSchema).describe('Newest first: the first is the book the club reads now.'),
    notice: z.string().nullable().describe('The noticeboard as sanitized HTML.'),
    currentPoll: currentPollSummarySchema.nullable(),
    currentDiscussion: currentDiscussionSummarySchema.nullable(),
    myProfile: profileSchema.nullable(),
    siteName: z.string(),
    defaultLanguage: z.enum(LANGUAGES),
    matrixRoomLink: z.string().nullable(),
    // (Not in Obskurnee.)
    bookLookup: z.boolean().describe('Members may use GET /api/books/lookup.'),
    // The renderer offers /setup while this is true. (Not in Obskurnee.)
    needsSetup: z.boolean().describe('True until the first admin exists.'),
    // DECISIONS.md "Abuse and sessions".
    setupNeedsCode: z.boolean().describe("While setup is open: true when the caller is not on the club host's machine, so setup needs the one-time code."),
    // (Not in Obskurnee.) The renderer shows the demo banner and the one-click sign-in.
    demo: demoClubSchema.nullable().describe('The demo club (`npm start -- demo`) and its one-click accounts; null in a real club.'),
  }),
);
export type HomeData = z.infer<typeof homeDataSchema>;

export const homeApi = {
  get: route({
    operationId: 'getHome',
    method: 'get',
    path: '/api/home',
    tag: 'Home',
    summary: 'The home screen: books, noticeboard, current poll and discussion, own profile, site settings.',
    description: 'Anyone may call it; a visitor (or a bad token) gets the site name and language only.',
    who: 'anonymous',
    optionalToken: true,
    answer: answer.one(homeDataSchema, 'The home screen; the members-only parts are empty for a visitor.'),
  }),
};
