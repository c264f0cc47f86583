import crypto from 'node:crypto';
import { readingProfileUrlSchema } from '../../../shared/api/users';
import { accountName, IMPORTED_IDENTITY_PREFIX, parseIdentityHash, type User } from '../../features/accounts';
import type { MappingContext } from './mapping-context';
import { ROLE_NAMES } from './obskurnee-schema';
import { bool, pictureName, str, type Row } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The new id of an Obskurnee member's id, or undefined for a member who was not imported. */
export type MemberIdOf = (obskurneeId: unknown) => string | undefined;

export interface MappedMembers {
  users: User[];
  /** An avatar to bring over per member, by Obskurnee file name. */
  avatars: { userId: string; fileName: string }[];
  memberIdOf: MemberIdOf;
}

/**
 * Members, with what they may do and how they sign in. Their ids are kept when they are UUIDs (they are,
 * unless someone edited the database). A member without an email, or with one taken, is left out.
 */
export function mapMembers(club: ObskurneeClub, context: MappingContext): MappedMembers {
  const { problems } = context;
  const userIds = new Map<string, string>();
  const emails = new Set<string>();
  const users: User[] = [];
  const avatars: MappedMembers['avatars'] = [];
  const claimRoleNotes: string[] = [];
  for (const row of club.users) {
    const oldId = String(row.Id);
    const email = str(row.Email)?.trim();
    if (!email) {
      problems.push(`Member "${str(row.UserName) ?? oldId}" has no email address and was left out (with what they wrote).`);
      continue;
    }
    if (emails.has(email.toLowerCase())) {
      problems.push(`A second member with the email ${email} was left out (with what they wrote).`);
      continue;
    }
    emails.add(email.toLowerCase());
    const id = UUID.test(oldId) ? oldId.toLowerCase() : crypto.randomUUID();
    userIds.set(oldId, id);
    const fromClaims = club.claimRoles.get(oldId);
    if (fromClaims?.size) claimRoleNotes.push(`${[...fromClaims].sort().join(' and ')} for ${email}`);
    const language = languageOf(row, email, context);
    const passwordHash = passwordHashOf(row, email, context);
    const avatar = avatarOf(row, email, context);
    if (avatar) avatars.push({ userId: id, fileName: avatar });
    users.push(memberRow(row, { id, email, language, passwordHash, roles: club.roles.get(oldId) ?? new Set<string>() }, context));
  }
  if (claimRoleNotes.length > 0) {
    context.notes.push(
      `Roles kept the pre-2022 Obskurnee way, as sign-in claims, were read as Obskurnee's own conversion read them: ${claimRoleNotes.join('; ')}.`,
    );
  }
  return { users, avatars, memberIdOf: (value) => (typeof value === 'string' ? userIds.get(value) : undefined) };
}

interface MemberFacts {
  id: string;
  email: string;
  language: 'en' | 'sk' | null;
  passwordHash: string | null;
  roles: Set<string>;
}

function memberRow(row: Row, member: MemberFacts, context: MappingContext): User {
  const { id, email, roles } = member;
  const isBot = bool(row.IsBot) || roles.has(ROLE_NAMES.bot);
  const loginEnabled = bool(row.LoginEnabled);
  return {
    id,
    email,
    name: accountName(str(row.UserName), email),
    passwordHash: member.passwordHash,
    phone: str(row.PhoneNumber),
    aboutMe: str(row.AboutMe),
    goodreadsUrl: context.link(str(row.GoodreadsProfileUrl), readingProfileUrlSchema, `The reading profile of ${email}`),
    avatarFile: null,
    isModerator: roles.has(ROLE_NAMES.moderator),
    isAdmin: roles.has(ROLE_NAMES.admin),
    isBot,
    // Obskurnee's LoginEnabled both kept a member out and left them out of polls' progress: Bookclub has
    // the two apart (an admin enables the account, a moderator makes the member active again).
    isActiveParticipant: loginEnabled && !isBot,
    language: member.language,
    createdOn: context.now,
    sessionVersion: 0,
    disabledOn: loginEnabled ? null : context.now,
  };
}

/** The member's language if Bookclub has it; another one is reported, and they get the club's default. */
function languageOf(row: Row, email: string, context: MappingContext): 'en' | 'sk' | null {
  const language = str(row.Language)?.toLowerCase() ?? null;
  if (language && language !== 'en' && language !== 'sk') {
    context.problems.push(`${email} chose the language "${language}", which Bookclub does not have; they get the club's default until they choose.`);
  }
  return language === 'en' || language === 'sk' ? language : null;
}

/** Identity's hash, kept so the member signs in with the password they had; else none, and a report line. */
function passwordHashOf(row: Row, email: string, context: MappingContext): string | null {
  const identityHash = str(row.PasswordHash);
  if (identityHash && parseIdentityHash(identityHash)) return IMPORTED_IDENTITY_PREFIX + identityHash;
  context.problems.push(`${email} has ${identityHash ? 'a password hash Bookclub cannot read' : 'no password'}; they set one with "Forgotten password".`);
  return null;
}

/** The file name of the member's avatar, when it is one of Obskurnee's own pictures. */
function avatarOf(row: Row, email: string, context: MappingContext): string | null {
  const avatar = str(row.AvatarUrl);
  const avatarName = pictureName(avatar);
  if (avatarName) {
    context.picturesNamed.add(avatarName);
    return avatarName;
  }
  if (avatar) context.problems.push(`The avatar of ${email} is not one of Obskurnee's own pictures (${avatar}); it was left out.`);
  return null;
}
