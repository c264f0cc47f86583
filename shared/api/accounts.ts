import { z } from 'zod';
import { LANGUAGES, PASSWORD_MIN_LENGTH } from '../constants';
import { answer, component, field, route, textParam } from './contract';
import { optionalNameSchema, requiredString } from './schema-helpers';

/**
 * Messages in schemas are catalogue keys (namespace "validation"), not sentences:
 * the server translates them for the request's language, the renderer for the user's.
 */
export const emailSchema = requiredString('validation:emailRequired')
  .trim()
  .min(1, { error: 'validation:emailRequired' })
  .max(254, { error: 'validation:emailInvalid' })
  .pipe(z.email({ error: 'validation:emailInvalid' }));

export const loginSchema = z.object({
  email: emailSchema,
  password: requiredString('validation:passwordRequired').min(1, { error: 'validation:passwordRequired' }),
});
export type LoginRequest = z.infer<typeof loginSchema>;

export const newPasswordSchema = requiredString('validation:passwordRequired')
  .min(1, { error: 'validation:passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation:passwordTooShort' })
  .max(200, { error: 'validation:passwordTooLong' });

/** The one-time code the server prints on start; needed to set the club up from another machine. */
export const setupCodeSchema = z
  .string({ error: 'validation:wrongType' })
  .trim()
  .max(50, { error: 'validation:tooLong' })
  .nullish()
  .transform((code) => code || null);

export const registerFirstAdminSchema = z.object({
  email: emailSchema,
  name: optionalNameSchema,
  password: newPasswordSchema,
  setupCode: setupCodeSchema,
});
export type RegisterFirstAdminRequest = z.infer<typeof registerFirstAdminSchema>;

const EXTERNAL_PROFILE_SYSTEMS = ['Goodreads', 'Storygraph'] as const;

const profileFields = {
  userId: field.userId(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  aboutMe: z.string().nullable().describe('Markdown, as the member wrote it.'),
  aboutMeHtml: z.string().nullable().describe('aboutMe rendered to sanitized HTML.'),
  goodreadsUrl: z.string().nullable().describe('A Goodreads or StoryGraph profile link.'),
  externalProfileSystem: z.enum(EXTERNAL_PROFILE_SYSTEMS).nullable().describe('Which site goodreadsUrl points to.'),
  avatarUrl: z.string().nullable(),
  isModerator: z.boolean(),
  isAdmin: z.boolean(),
  isActiveParticipant: z.boolean(),
  language: z.enum(LANGUAGES).nullable(),
  /** (Not in Obskurnee.) */
  isDisabled: z.boolean().describe('An admin disabled the account: it cannot sign in, and keeps its posts.'),
};

/** A member as the API shows them (DECISIONS.md "Shapes the spec leaves open"). */
export const profileSchema = component('Profile', 'A member (or bot) as the API shows them.', z.object(profileFields));
export type Profile = z.infer<typeof profileSchema>;

/** Profile fields, for answers that extend a profile (the user list). */
export const profileShape = profileFields;

export const loginResponseSchema = component(
  'LoginResponse',
  'The profile plus the token to send as `Authorization: Bearer <token>` (valid 30 days).',
  z.object({ ...profileFields, token: z.string().describe('A signed token (JWT).') }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/accounts/passwordreset/token/{userId} */
export const passwordResetFinishSchema = z.object({
  resetToken: requiredString('validation:resetTokenRequired').min(1, { error: 'validation:resetTokenRequired' }).max(200, { error: 'validation:tooLong' }),
  password: newPasswordSchema,
});
export type PasswordResetFinish = z.infer<typeof passwordResetFinishSchema>;

export const accountsApi = {
  registerFirstAdmin: route({
    operationId: 'registerFirstAdmin',
    method: 'post',
    path: '/api/accounts/registerfirstadmin',
    tag: 'Accounts',
    summary: 'Set the club up: create its first admin (only while no user exists).',
    description:
      "From the club host's own machine no code is needed; from any other, `setupCode` must be the one-time code the server printed when it started (GET /api/home says `setupNeedsCode`).",
    who: 'anonymous',
    body: registerFirstAdminSchema,
    answer: answer.one(profileSchema, "The new admin's profile. Sign in with POST /api/accounts/login next."),
    errors: { 403: ['setupCodeRequired', 'setupCodeWrong'], 409: ['setupDone'], 429: ['tooManyRequests'], 503: ['busy'] },
  }),
  login: route({
    operationId: 'login',
    method: 'post',
    path: '/api/accounts/login',
    tag: 'Accounts',
    summary: 'Sign in (members and bots): answers the profile and a token valid 30 days.',
    description:
      'Failed logins are counted per client address and per (account, address): repeated ones are slowed, then answered 429 with Retry-After. Password checks are bounded: when too many wait, 503 with Retry-After.',
    who: 'anonymous',
    body: loginSchema,
    answer: answer.one(loginResponseSchema, 'The profile plus `token`, to send as `Authorization: Bearer <token>`.'),
    errors: { 401: ['loginFailed'], 403: ['accountDisabled'], 429: ['tooManyAttempts'], 503: ['busy'] },
  }),
  context: route({
    operationId: 'getContext',
    method: 'get',
    path: '/api/accounts/context',
    tag: 'Accounts',
    summary: "The signed-in account's profile.",
    who: 'member',
    answer: answer.one(profileSchema, "The caller's profile."),
  }),
  startPasswordReset: route({
    operationId: 'startPasswordReset',
    method: 'post',
    path: '/api/accounts/passwordreset/{email}',
    tag: 'Accounts',
    summary: 'Mail a password-reset link to this address, if it belongs to a member.',
    description:
      'Answers the same whether or not the address belongs to anyone, so accounts cannot be probed. An account gets at most 3 reset mails an hour; further asks are answered alike and mail nothing.',
    who: 'anonymous',
    params: { email: { description: 'The email address to send the link to.', schema: emailSchema } },
    answer: answer.yes('Always `true`.'),
    errors: { 400: ['validation:emailRequired', 'validation:emailInvalid'], 429: ['tooManyRequests'] },
  }),
  finishPasswordReset: route({
    operationId: 'finishPasswordReset',
    method: 'post',
    path: '/api/accounts/passwordreset/token/{userId}',
    tag: 'Accounts',
    summary: 'Set a new password with the token from a reset or invitation link (single use).',
    who: 'anonymous',
    params: { userId: textParam('The user id from the link.') },
    body: passwordResetFinishSchema,
    answer: answer.yes('`true`: the password is set, every other link of the account is spent, and every session it had ends.'),
    errors: { 400: ['resetLinkInvalid'], 503: ['busy'] },
  }),
};
