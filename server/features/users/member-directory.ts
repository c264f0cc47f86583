import type { UserOrder } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { isModerator } from '../../../shared/rules';
import { Invalid } from '../../http/errors';
import { displayName, type User } from '../accounts';

/**
 * The member list a page at a time: whom a page holds, in which order, and where the next one starts.
 * Ordering and search are the members page's own (a locale's order of names, any case, with or without
 * diacritics), which SQLite cannot index; so the few columns they need are read for everyone the caller
 * may list and ordered here, and only a page's members are read whole. A club of a thousand is a few
 * milliseconds; the answer, not the club, is what travels.
 */

/** What ordering and search read of an account. */
export const DIRECTORY_COLUMNS = ['id', 'name', 'email', 'isModerator', 'isAdmin', 'disabledOn'] as const;
export type DirectoryAccount = Pick<User, (typeof DIRECTORY_COLUMNS)[number]>;

/** moderators, members, disabled accounts: the admin screen's groups, in its order. */
type RoleGroup = 0 | 1 | 2;

/** Where an account sits in the list; the last of a page, encoded, is the cursor of the next. */
interface SortKey {
  group: RoleGroup;
  name: string;
  email: string;
  id: string;
}

export interface DirectoryPage {
  ids: string[];
  /** The cursor of the page after this one, or null when this is the last. */
  next: string | null;
}

function roleGroup(account: DirectoryAccount): RoleGroup {
  if (account.disabledOn !== null) return 2;
  return isModerator(account) ? 0 : 1;
}

/** How many of the listed are moderators, other members and disabled accounts (the admin screen's summary). */
export function countByRole(accounts: readonly DirectoryAccount[]): { moderators: number; members: number; disabled: number } {
  const counts = { moderators: 0, members: 0, disabled: 0 };
  for (const account of accounts) counts[(['moderators', 'members', 'disabled'] as const)[roleGroup(account)]] += 1;
  return counts;
}

/** Case and diacritics folded away, as the club's search reads text: `Novák` and `NOVAK` are both `novak`. */
export function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The accounts whose shown name or email holds every word of the search, in any case, with or without diacritics. */
export function matching<A extends DirectoryAccount>(accounts: readonly A[], search: string): readonly A[] {
  const words = folded(search).split(/\s+/u).filter(Boolean);
  if (words.length === 0) return accounts;
  return accounts.filter((account) => {
    const text = `${folded(displayName(account))} ${folded(account.email)}`;
    return words.every((word) => text.includes(word));
  });
}

const collators = new Map<Language, Intl.Collator>();
function collatorFor(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return collator;
}

/** The list's order: (by role group, for `role`), then by shown name and email as the reader's language sorts them; the id settles the rest. */
function comparer(order: UserOrder, language: Language): (a: SortKey, b: SortKey) => number {
  const collator = collatorFor(language);
  return (a, b) =>
    (order === 'role' ? a.group - b.group : 0) ||
    collator.compare(a.name, b.name) ||
    collator.compare(a.email, b.email) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const keyOf = (account: DirectoryAccount): SortKey => ({ group: roleGroup(account), name: displayName(account), email: account.email, id: account.id });

function cursorOf(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.group, key.name, key.email, key.id])).toString('base64url');
}

/** The key a cursor holds; anything this server did not make is a 400 naming `after`. */
function keyOfCursor(cursor: string): SortKey {
  const refused = new Invalid('validation:invalid', {}, { after: ['validation:invalid'] });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  if (!Array.isArray(value) || value.length !== 4) throw refused;
  const [group, name, email, id] = value as unknown[];
  if ((group !== 0 && group !== 1 && group !== 2) || typeof name !== 'string' || typeof email !== 'string' || typeof id !== 'string') throw refused;
  return { group, name, email, id };
}

/**
 * The page after `after` (the first without it): at most `limit` accounts in the list's order. A cursor
 * holds the last account's place, not its position, so a member who joins or leaves meanwhile moves no one
 * else across a page boundary: every account is on exactly one page.
 */
export function pageOf(
  accounts: readonly DirectoryAccount[],
  { order, language, after, limit }: { order: UserOrder; language: Language; after?: string; limit: number },
): DirectoryPage {
  const compare = comparer(order, language);
  const from = after === undefined ? null : keyOfCursor(after);
  const keys = accounts.map(keyOf).filter((key) => !from || compare(key, from) > 0);
  keys.sort(compare);
  const page = keys.slice(0, limit);
  return { ids: page.map((key) => key.id), next: keys.length > limit ? cursorOf(page.at(-1)!) : null };
}
