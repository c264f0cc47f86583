/** Values the server and the renderer must agree on. */

export const LANGUAGES = ['en', 'sk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Browser storage keys, kept as Obskurnee named them so a club's saved sessions survive the move. */
export const STORAGE_KEYS = {
  token: 'jwtToken',
  siteName: 'siteName',
  language: 'language',
  matrixRoomLink: 'matrixRoomLink',
} as const;

export const HUB_PATH = '/hubs/events';
export const HUB_RETRY_MS = 5000;
export const TOAST_MS = 4000;
export const DEFAULT_SITE_NAME = 'Bookclub';
export const TOKEN_LIFETIME_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const SEARCH_MIN_LENGTH = 3;
/** Longer searches are refused (DECISIONS.md "Search"); a person never types more. */
export const SEARCH_MAX_LENGTH = 500;
/** Distinct words and phrases in one search: each is a look-up in the index. */
export const SEARCH_MAX_TERMS = 32;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Book covers the club keeps itself (a stored lookup cover, an imported Obskurnee one) are files of the data
 * folder's images/covers/, served at /images/covers/<name>; a name of this form is one the server serves.
 */
export const COVER_FILE_NAME = /^\w[\w.-]*\.(?:jpe?g|png|webp|gif)$/i;
export const CLUB_COVERS_PATH = '/images/covers/';

/** Whether a cover link is one of the club's own covers (a path on the club, no host). */
export function isClubCoverPath(link: string): boolean {
  return link.startsWith(CLUB_COVERS_PATH) && COVER_FILE_NAME.test(link.slice(CLUB_COVERS_PATH.length));
}
