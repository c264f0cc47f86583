import { z } from 'zod';
import { profileSchema, profileShape } from './accounts';
import { answer, component, field, idParam, route, textParam } from './contract';
import { LANGUAGES } from '../constants';
import { requiredString } from './schema-helpers';

/** A book a member is reading now; the user list shows four, then "and N more". */
export const currentlyReadingAnswerSchema = component(
  'CurrentlyReading',
  'A book a member is reading now.',
  z.object({ entryId: field.id('entry'), ownerId: field.userId("The owner's user id."), title: z.string(), author: z.string().nullable() }),
);
export type CurrentlyReading = z.infer<typeof currentlyReadingAnswerSchema>;

/** GET /api/users: active members (never bots) with what they are reading. */
export const userListEntrySchema = component(
  'UserListEntry',
  'An active member (never a bot) with what they are reading.',
  z.object({ ...profileShape, currentlyReading: z.array(currentlyReadingAnswerSchema) }),
);
export type UserListEntry = z.infer<typeof userListEntrySchema>;

export const USER_LIST_READING_LIMIT = 4;

const optionalTrimmed = (max: number) =>
  z
    .string({ error: 'validation:wrongType' })
    .max(max, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** Goodreads or StoryGraph profile links only: the profile shows them as such. */
export const readingProfileUrlSchema = z
  .string({ error: 'validation:wrongType' })
  .trim()
  .max(500, { error: 'validation:tooLong' })
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || /^https:\/\/(www\.)?(goodreads\.com|app\.thestorygraph\.com|thestorygraph\.com)\/\S*$/i.test(value), {
    error: 'validation:readingProfileInvalid',
  });

/**
 * POST /api/users/{email}: the profile as answered, edited. Read-only fields are ignored; isActiveParticipant
 * is taken only from a moderator.
 */
export const profileUpdateSchema = z.object({
  name: requiredString('validation:nameRequired').trim().min(1, { error: 'validation:nameRequired' }).max(200, { error: 'validation:tooLong' }),
  // Any text, as Obskurnee stores it (DECISIONS.md "Obskurnee compatibility"): "1", "ask Anna", an extension.
  phone: optionalTrimmed(50),
  aboutMe: optionalTrimmed(10_000),
  goodreadsUrl: readingProfileUrlSchema,
  isActiveParticipant: z.boolean({ error: 'validation:wrongType' }).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const languageChangeSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'validation:languageInvalid' }),
});

export const currentlyReadingSchema = z.object({
  title: requiredString('validation:titleRequired').trim().min(1, { error: 'validation:titleRequired' }).max(300, { error: 'validation:tooLong' }),
  author: optionalTrimmed(300),
});

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 100;

export const usersApi = {
  list: route({
    operationId: 'listUsers',
    method: 'get',
    path: '/api/users',
    tag: 'Users',
    summary: 'Active members (never bots) with what they are reading.',
    who: 'member',
    answer: answer.list(userListEntrySchema, 'The members, by name.'),
  }),
  // Before /api/users/{email}: the fixed paths are matched first.
  setLanguage: route({
    operationId: 'setLanguage',
    method: 'post',
    path: '/api/users/language',
    tag: 'Users',
    summary: "Set the caller's language.",
    who: 'member',
    body: languageChangeSchema,
    answer: answer.one(profileSchema, "The caller's profile."),
  }),
  uploadAvatar: route({
    operationId: 'uploadAvatar',
    method: 'post',
    path: '/api/users/avatar',
    tag: 'Users',
    summary: "Upload the caller's avatar; it is cropped and scaled to 100 × 100.",
    who: 'member',
    upload: {
      field: 'avatar',
      maxBytes: AVATAR_MAX_BYTES,
      mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      description: 'A JPEG, PNG, WebP or GIF image up to 5 MB.',
      tooLargeKey: 'avatarTooLarge',
      missingKey: 'avatarMissing',
    },
    answer: answer.one(profileSchema, "The caller's profile with its new avatarUrl."),
    errors: { 400: ['avatarMissing', 'avatarNotImage', 'avatarBroken'], 413: ['avatarTooLarge'] },
  }),
  update: route({
    operationId: 'updateProfile',
    method: 'post',
    path: '/api/users/{email}',
    tag: 'Users',
    summary: 'Edit a profile (the profile as answered, edited).',
    description: "Members edit their own, moderators anyone's; only a moderator changes isActiveParticipant.",
    who: 'member',
    params: { email: textParam("The member's email address.") },
    body: profileUpdateSchema,
    answer: answer.one(profileSchema, 'The updated profile.'),
    errors: { 403: ['notYourProfile'], 404: ['userNotFound'] },
  }),
};

/** Obskurnee's paths: currently-reading entries live under /api/reviews. */
export const currentlyReadingApi = {
  list: route({
    operationId: 'listCurrentlyReading',
    method: 'get',
    path: '/api/reviews/currentlyreading',
    tag: 'Currently reading',
    summary: "Every member's currently-reading entries.",
    who: 'member',
    answer: answer.list(currentlyReadingAnswerSchema, 'All entries, oldest first.'),
  }),
  add: route({
    operationId: 'addCurrentlyReading',
    method: 'post',
    path: '/api/reviews/currentlyreading',
    tag: 'Currently reading',
    summary: "Add a book to the caller's currently-reading list.",
    who: 'member',
    body: currentlyReadingSchema,
    answer: answer.one(currentlyReadingAnswerSchema, 'The new entry.'),
  }),
  remove: route({
    operationId: 'removeCurrentlyReading',
    method: 'delete',
    path: '/api/reviews/currentlyreading/{entryId}',
    tag: 'Currently reading',
    summary: 'Remove a currently-reading entry (own, or any for moderators).',
    who: 'member',
    params: { entryId: idParam('entry', 'entryNotFound') },
    answer: answer.yes('`true`.'),
    errors: { 403: ['notYourProfile'], 404: ['entryNotFound'] },
  }),
};
