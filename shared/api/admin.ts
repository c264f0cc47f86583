import { z } from 'zod';
import { emailSchema, newPasswordSchema, profileSchema } from './accounts';
import { answer, component, route, textParam } from './contract';
import { optionalNameSchema, requiredString } from './schema-helpers';

export const adminDataSchema = component('AdminData', 'The admin screen.', z.object({ noticeboard: z.string().describe('The noticeboard as markdown.') }));
export type AdminData = z.infer<typeof adminDataSchema>;

export const noticeboardSavedSchema = component(
  'NoticeboardSaved',
  'The saved noticeboard.',
  z.object({ noticeboard: z.string().describe('As markdown.'), html: z.string().describe('Rendered to sanitized HTML.') }),
);

export const noticeboardSchema = z.object({
  text: z
    .string({ error: 'validation:wrongType' })
    .max(20_000, { error: 'validation:tooLong' })
    .nullish()
    .transform((v) => v ?? ''),
});

const nameSchema = requiredString('validation:nameRequired').trim().min(1, { error: 'validation:nameRequired' }).max(200, { error: 'validation:tooLong' });

export const registerUserSchema = z.object({ email: emailSchema, name: optionalNameSchema });
export type RegisterUserRequest = z.input<typeof registerUserSchema>;

export const registerBotSchema = z.object({ email: emailSchema, name: nameSchema, password: newPasswordSchema });
export type RegisterBotRequest = z.input<typeof registerBotSchema>;

const memberEmail = textParam("The member's email address.");
const accountEmail = textParam("The account's email address.");

export const adminApi = {
  data: route({
    operationId: 'getAdmin',
    method: 'get',
    path: '/api/admin',
    tag: 'Admin',
    summary: 'The admin screen: the noticeboard as markdown.',
    who: 'moderator',
    answer: answer.one(adminDataSchema, 'The noticeboard.'),
  }),
  setNoticeboard: route({
    operationId: 'setNoticeboard',
    method: 'post',
    path: '/api/admin/noticeboard',
    tag: 'Admin',
    summary: 'Replace the noticeboard (markdown).',
    who: 'moderator',
    body: noticeboardSchema,
    answer: answer.one(noticeboardSavedSchema, 'The saved noticeboard and its HTML.'),
  }),
  registerUser: route({
    operationId: 'registerUser',
    method: 'post',
    path: '/api/admin/registeruser',
    tag: 'Admin',
    summary: 'Register a member by email and name; they get an invitation mail with a set-password link.',
    who: 'moderator',
    body: registerUserSchema,
    answer: answer.one(profileSchema, "The new member's profile."),
    errors: { 409: ['emailTaken'] },
  }),
  makeModerator: route({
    operationId: 'makeModerator',
    method: 'post',
    path: '/api/admin/makemod/{email}',
    tag: 'Admin',
    summary: 'Make a member a moderator.',
    who: 'moderator',
    params: { email: memberEmail },
    answer: answer.one(profileSchema, "The member's updated profile."),
    errors: { 404: ['userNotFound'] },
  }),
  registerBot: route({
    operationId: 'registerBot',
    method: 'post',
    path: '/api/admin/registerbot',
    tag: 'Admin',
    summary: 'Create a bot account (read-only; it signs in with this email and password).',
    who: 'admin',
    body: registerBotSchema,
    answer: answer.one(profileSchema, "The bot's profile."),
    errors: { 409: ['emailTaken'] },
  }),
  // Sessions end and live connections close; the account keeps its posts (DECISIONS.md "Abuse and sessions").
  disable: route({
    operationId: 'disableAccount',
    method: 'post',
    path: '/api/admin/disable/{email}',
    tag: 'Admin',
    summary: "Disable a member's or bot's account: its sessions end at once (401, live connections closed), it cannot sign in, and it keeps its posts.",
    who: 'admin',
    params: { email: accountEmail },
    answer: answer.one(profileSchema, 'The updated profile (isDisabled true).'),
    errors: { 404: ['userNotFound'], 409: ['cannotDisableSelf'] },
  }),
  enable: route({
    operationId: 'enableAccount',
    method: 'post',
    path: '/api/admin/enable/{email}',
    tag: 'Admin',
    summary: 'Enable a disabled account again; it signs in anew.',
    who: 'admin',
    params: { email: accountEmail },
    answer: answer.one(profileSchema, 'The updated profile (isDisabled false).'),
    errors: { 404: ['userNotFound'] },
  }),
  bots: route({
    operationId: 'listBots',
    method: 'get',
    path: '/api/admin/bots',
    tag: 'Admin',
    summary: "The bot accounts' names (as Obskurnee answers).",
    who: 'admin',
    answer: answer.list(z.string(), "The bots' names, in alphabetical order."),
  }),
};
