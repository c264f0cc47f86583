import { z } from 'zod';
import { loginResponseSchema } from './accounts';
import { answer, component, route } from './contract';

/** Whom a visitor may be in the demo club with one click. */
export const DEMO_ROLES = ['member', 'moderator', 'admin'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

/** What home tells everyone when the server runs the demo club (`npm start -- demo`); null otherwise. */
export const demoClubSchema = component(
  'DemoClub',
  'The server runs the demo club (`npm start -- demo`): made-up members and history in a temporary data folder, deleted when the server stops.',
  z.object({
    accounts: z
      .array(z.object({ role: z.enum(DEMO_ROLES), name: z.string() }))
      .describe('The made-up accounts a visitor may sign in as with one click (POST /api/demo/sign-in).'),
  }),
);
export type DemoClub = z.infer<typeof demoClubSchema>;

export const demoSignInSchema = z.object({
  role: z.enum(DEMO_ROLES, { error: 'validation:demoRole' }),
});
export type DemoSignIn = z.infer<typeof demoSignInSchema>;

export const demoApi = {
  signIn: route({
    operationId: 'demoSignIn',
    method: 'post',
    path: '/api/demo/sign-in',
    tag: 'Demo',
    summary: 'In the demo club only: sign in as its made-up member, moderator or admin, without a password.',
    description:
      'Exists only while the server runs the demo club (`npm start -- demo`); in a real club it is a 404 like any route that is not there. The answer is a normal session, as POST /api/accounts/login gives.',
    who: 'anonymous',
    body: demoSignInSchema,
    answer: answer.one(loginResponseSchema, 'The profile plus a token, as a login answers.'),
    errors: { 404: ['routeNotFound'] },
  }),
};
