import { z } from 'zod';
import type { Profile } from './accounts';
import { LANGUAGES } from '../constants';
import { requiredString } from './schema-helpers';

/** A book a member is reading now; the user list shows four, then "and N more". */
export interface CurrentlyReading {
  entryId: number;
  ownerId: string;
  title: string;
  author: string | null;
}

/** GET /api/users: active members (never bots) with what they are reading. */
export interface UserListEntry extends Profile {
  currentlyReading: CurrentlyReading[];
}

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
  phone: optionalTrimmed(50).refine((value) => value === null || /^[+\d][\d\s()/.-]{2,}$/.test(value), { error: 'validation:phoneInvalid' }),
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
