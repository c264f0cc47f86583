import { z } from 'zod';
import { LANGUAGES, PASSWORD_MIN_LENGTH, type Language } from '../constants';
import { requiredString } from './schema-helpers';

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
  password: newPasswordSchema,
  setupCode: setupCodeSchema,
});
export type RegisterFirstAdminRequest = z.infer<typeof registerFirstAdminSchema>;

export const languageSchema = z.enum(LANGUAGES);

export type ExternalProfileSystem = 'Goodreads' | 'Storygraph';

/** A member as the API shows them (DECISIONS.md "Shapes the spec leaves open"). */
export interface Profile {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  aboutMe: string | null;
  aboutMeHtml: string | null;
  goodreadsUrl: string | null;
  externalProfileSystem: ExternalProfileSystem | null;
  avatarUrl: string | null;
  isModerator: boolean;
  isAdmin: boolean;
  isActiveParticipant: boolean;
  language: Language | null;
  /** An admin disabled the account: it cannot sign in, and keeps its posts. (Not in Obskurnee.) */
  isDisabled: boolean;
}

export interface LoginResponse extends Profile {
  token: string;
}

/** POST /api/accounts/passwordreset/token/{userId} */
export const passwordResetFinishSchema = z.object({
  resetToken: requiredString('validation:resetTokenRequired').min(1, { error: 'validation:resetTokenRequired' }).max(200, { error: 'validation:tooLong' }),
  password: newPasswordSchema,
});
export type PasswordResetFinish = z.infer<typeof passwordResetFinishSchema>;
