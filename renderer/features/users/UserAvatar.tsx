import { Avatar, type MantineColor } from '@mantine/core';
import type { Profile } from '../../../shared/api/accounts';
import { displayName } from './selectors';

// Initials in the club's warm tones rather than every colour of the palette.
const INITIALS_COLOURS: MantineColor[] = ['burgundy', 'grape', 'orange', 'teal', 'indigo', 'cyan', 'pink', 'violet'];

/** A member's picture (100 x 100 from the server), or their initials when they have none. */
export function UserAvatar({ profile, size }: { profile: Pick<Profile, 'name' | 'email' | 'avatarUrl'>; size: number }) {
  const name = displayName(profile);
  return (
    <Avatar
      src={profile.avatarUrl}
      name={name}
      alt={name}
      color="initials"
      allowedInitialsColors={INITIALS_COLOURS}
      size={size}
      radius={size}
      style={{ flexShrink: 0, boxShadow: '0 0 0 2px var(--mantine-color-body), 0 1px 4px rgba(60, 20, 30, 0.25)' }}
      data-testid="user-avatar"
    />
  );
}
