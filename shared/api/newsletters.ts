import { z } from 'zod';
import { profileSchema } from './accounts';
import { answer, component, route, type PathParam } from './contract';

export const NEWSLETTERS = ['basicevents', 'allevents'] as const;
export const newsletterNameSchema = component(
  'NewsletterName',
  'basicevents: rounds, polls opened and decided; allevents: those plus every suggestion, close, recommendation and review.',
  z.enum(NEWSLETTERS),
);
export type NewsletterName = z.infer<typeof newsletterNameSchema>;

export const newsletterSubscribersSchema = component(
  'NewsletterSubscribers',
  'Who is subscribed to each list.',
  z.object({ basicevents: z.array(profileSchema), allevents: z.array(profileSchema) }),
);
/** GET /api/newsletters/all */
export type NewsletterSubscribers = z.infer<typeof newsletterSubscribersSchema>;

const listName: PathParam<typeof newsletterNameSchema> = {
  description: 'The newsletter; any other name is a 404.',
  schema: newsletterNameSchema,
  notFound: 'newsletterNotFound',
};

// Always the caller's own subscription: nobody subscribes someone else.
export const newslettersApi = {
  mine: route({
    operationId: 'myNewsletters',
    method: 'get',
    path: '/api/newsletters',
    tag: 'Newsletters',
    summary: 'The lists the caller is subscribed to.',
    who: 'member',
    answer: answer.list(newsletterNameSchema, "The caller's lists."),
  }),
  all: route({
    operationId: 'allSubscribers',
    method: 'get',
    path: '/api/newsletters/all',
    tag: 'Newsletters',
    summary: 'Who is subscribed to each list.',
    who: 'moderator',
    answer: answer.one(newsletterSubscribersSchema, 'Each list with its subscribers (never bots).'),
  }),
  subscribe: route({
    operationId: 'subscribe',
    method: 'post',
    path: '/api/newsletters/{listName}/subscribe',
    tag: 'Newsletters',
    summary: 'Subscribe the caller to a list.',
    who: 'member',
    params: { listName },
    answer: answer.list(newsletterNameSchema, "The caller's lists now."),
    errors: { 404: ['newsletterNotFound'] },
  }),
  unsubscribe: route({
    operationId: 'unsubscribe',
    method: 'post',
    path: '/api/newsletters/{listName}/unsubscribe',
    tag: 'Newsletters',
    summary: 'Unsubscribe the caller from a list.',
    who: 'member',
    params: { listName },
    answer: answer.list(newsletterNameSchema, "The caller's lists now."),
    errors: { 404: ['newsletterNotFound'] },
  }),
};
