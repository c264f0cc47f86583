import { AVATAR_MAX_BYTES } from '../../../shared/api/users';

/** The pictures the server takes (DECISIONS.md "Avatars"). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen file cannot be a picture (a catalogue key in `users`), or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatar.wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar.tooLarge';
  return null;
}
