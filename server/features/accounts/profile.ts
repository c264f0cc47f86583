import type { Profile } from '../../../shared/api/accounts';
import type { Markdown } from '../../markdown';
import type { User } from './user.entity';

const STORYGRAPH_HOST = /(^|\.)thestorygraph\.com$/i;

function externalProfileSystem(url: string | null): Profile['externalProfileSystem'] {
  if (!url) return null;
  try {
    return STORYGRAPH_HOST.test(new URL(url).hostname) ? 'Storygraph' : 'Goodreads';
  } catch {
    return 'Goodreads';
  }
}

/** The only way a stored user leaves the server. */
export function toProfile(user: User, markdown: Markdown): Profile {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    aboutMe: user.aboutMe,
    aboutMeHtml: user.aboutMe ? markdown.render(user.aboutMe) : null,
    goodreadsUrl: user.goodreadsUrl,
    externalProfileSystem: externalProfileSystem(user.goodreadsUrl),
    avatarUrl: user.avatarFile ? `/images/avatars/${user.avatarFile}` : null,
    isModerator: user.isModerator || user.isAdmin,
    isAdmin: user.isAdmin,
    isActiveParticipant: user.isActiveParticipant,
    language: user.language,
    isDisabled: user.disabledOn !== null,
  };
}
