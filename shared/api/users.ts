import { z } from 'zod';
import { profileSchema, profileShape } from './accounts';
import { answer, component, field, idParam, route, textParam } from './contract';
import { LANGUAGES } from '../constants';
import { requiredString } from './schema-helpers';

/** A book a member is reading now; the user list shows four, then "and N more". */
export const currentlyReadingAnswerSchema = component(
  'CurrentlyReading',
  'A book a member is reading now.',
  z.object({
    entryId: field.id('entry'),
    ownerId: field.userId("The owner's user id."),
    title: z.string(),
    author: z.string().nullable(),
    fromShelf: z
      .enum(['Goodreads', 'Storygraph'])
      .nullable()
      .describe("Read from the member's linked shelf (it goes when the book leaves the shelf); null: typed by the member."),
  }),
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

/** A page of members answers at most this many; the members page asks for USER_PAGE_SIZE at a time. */
export const USER_PAGE_MAX = 100;
export const USER_PAGE_SIZE = 24;
/** Longer than a name and an email together: no member search needs more. */
export const USER_SEARCH_MAX_LENGTH = 200;
/** By name (the members page), or moderators first and disabled accounts last, each by name (the admin screen). */
export const USER_ORDERS = ['name', 'role'] as const;
export type UserOrder = (typeof USER_ORDERS)[number];

/**
 * The query string of GET /api/users/page. A value given twice is refused (wrong type) rather than one
 * of them guessed; the cursor is checked by the server, which made it.
 */
export const userPageQuerySchema = z.object({
  q: z
    .string({ error: 'validation:wrongType' })
    .max(USER_SEARCH_MAX_LENGTH, { error: 'validation:tooLong' })
    .optional()
    .transform((value) => value?.trim() ?? '')
    .describe(
      `Words a member's name or email must contain, each (any case, with or without diacritics: \`novak\` finds Novák); at most ${USER_SEARCH_MAX_LENGTH} characters. Empty or left out: everyone.`,
    ),
  after: z
    .string({ error: 'validation:wrongType' })
    .max(1000, { error: 'validation:tooLong' })
    .optional()
    .describe('The `next` of the previous page, to read the page after it; left out for the first page.'),
  limit: z
    .string({ error: 'validation:wrongType' })
    .regex(/^\d{1,3}$/, { error: 'validation:invalid' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= USER_PAGE_MAX, { error: 'validation:invalid' })
    .optional()
    .transform((value) => value ?? USER_PAGE_SIZE)
    .describe(`How many members a page holds: a whole number from 1 to ${USER_PAGE_MAX} (${USER_PAGE_SIZE} when left out).`),
  active: z
    .enum(['true', 'false'], { error: 'validation:invalid' })
    .optional()
    .transform((value) => value === 'true')
    .describe('`true`: only members who take part and can sign in (the members page). Moderators otherwise also get the others.'),
  order: z
    .enum(USER_ORDERS, { error: 'validation:invalid' })
    .optional()
    .transform((value): UserOrder => value ?? 'name')
    .describe('`name` (the default): by name, then email. `role`: moderators first, then members, disabled accounts last, each by name.'),
});
export type UserPageQuery = z.input<typeof userPageQuerySchema>;

/** A member on a page of the list: the list's entry, with the first few books they read and how many in all. */
export const userPageEntrySchema = component(
  'UserPageEntry',
  `A member as GET /api/users lists them, with only the first ${USER_LIST_READING_LIMIT} of their reading entries and the count of all.`,
  userListEntrySchema.extend({
    currentlyReading: z.array(currentlyReadingAnswerSchema).describe(`The first ${USER_LIST_READING_LIMIT} entries, oldest first.`),
    currentlyReadingCount: z.number().int().min(0).describe('How many entries the member has in all.'),
  }),
);
export type UserPageEntry = z.infer<typeof userPageEntrySchema>;

/** GET /api/users/page: a page of the member list, how many match in all, and where the next page starts. */
export const userPageSchema = component(
  'UserPage',
  'A page of members, in order, with how many match in all and the cursor of the next page.',
  z.object({
    users: z.array(userPageEntrySchema),
    total: z.number().int().min(0).describe('How many members match the search (on every page together).'),
    next: z.string().nullable().describe('Pass as `after` for the next page; null on the last page.'),
    counts: z
      .object({
        moderators: z.number().int().min(0),
        members: z.number().int().min(0).describe('Members who are not moderators.'),
        disabled: z.number().int().min(0).describe('Accounts an admin disabled (moderators see them; for others always 0).'),
      })
      .describe('Everyone the caller may list (with `active`, only those), whatever the search: moderators, other members and disabled accounts.'),
  }),
);
export type UserPage = z.infer<typeof userPageSchema>;

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
  // Before /api/users/{email}: the fixed paths are matched first (an email always has an @; these do not).
  page: route({
    operationId: 'listUsersPage',
    method: 'get',
    path: '/api/users/page',
    tag: 'Users',
    summary: 'A page of the member list, optionally searched: what GET /api/users lists, a page at a time.',
    description:
      'The same members as GET /api/users (moderators also get inactive and disabled accounts), each with their first ' +
      `${USER_LIST_READING_LIMIT} reading entries and how many they have, in order. Pass \`next\` as \`after\` for the following page: ` +
      'every member comes exactly once, also while others join.',
    who: 'member',
    query: userPageQuerySchema,
    answer: answer.one(userPageSchema, 'The page.'),
  }),
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
  get: route({
    operationId: 'getUser',
    method: 'get',
    path: '/api/users/{email}',
    tag: 'Users',
    summary: 'One member, as the member list shows them (Obskurnee answered the profile here).',
    description:
      "By email, or by user id. Members find those the list shows them, and themselves; moderators anyone but a bot. The member's whole reading list comes with them.",
    who: 'member',
    params: { email: textParam("The member's email address, or their user id.") },
    answer: answer.one(userListEntrySchema, 'The member.'),
    errors: { 404: ['userNotFound'] },
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
    errors: { 403: ['notYourProfile'], 404: ['entryNotFound'], 409: ['entryFromShelf'] },
  }),
};
