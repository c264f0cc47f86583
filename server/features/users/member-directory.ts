import type BetterSqlite3 from 'better-sqlite3';
import type { UserOrder } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { isModerator } from '../../../shared/rules';
import { statement } from '../../db/table';
import { Invalid } from '../../http/errors';
import { displayName, type User } from '../accounts';

/**
 * The member list a page at a time: whom a page holds, in which order, and where the next one starts.
 * Ordering and search are the members page's own (a locale's order of names, any case, with or without
 * diacritics), which SQLite cannot index; so the few columns they need are read for everyone a caller may
 * list and sorted here, once per state of the database, and only a page's members are read whole.
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

interface Listed {
  key: SortKey;
  /** The shown name and the email, folded (see `folded`): what a search looks in. */
  text: string;
}

/** Everyone one kind of caller may list, in one order: sorted once, then paged and searched many times. */
export interface Listing {
  listed: readonly Listed[];
  compare: (a: SortKey, b: SortKey) => number;
  counts: { moderators: number; members: number; disabled: number };
}

export interface DirectoryPage {
  ids: string[];
  /** How many match the search, on every page together. */
  total: number;
  /** The cursor of the page after this one, or null when this is the last. */
  next: string | null;
}

function roleGroup(account: DirectoryAccount): RoleGroup {
  if (account.disabledOn !== null) return 2;
  return isModerator(account) ? 0 : 1;
}

/** Case and diacritics folded away, as the club's search reads text: `Novák` and `NOVAK` are both `novak`. */
export function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
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

function listingOf(accounts: readonly DirectoryAccount[], order: UserOrder, language: Language): Listing {
  const compare = comparer(order, language);
  const counts = { moderators: 0, members: 0, disabled: 0 };
  const listed = accounts.map((account): Listed => {
    const key = { group: roleGroup(account), name: displayName(account), email: account.email, id: account.id };
    counts[(['moderators', 'members', 'disabled'] as const)[key.group]] += 1;
    return { key, text: `${folded(key.name)} ${folded(key.email)}` };
  });
  listed.sort((a, b) => compare(a.key, b.key));
  return { listed, compare, counts };
}

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
 * The page after `after` (the first without it): at most `limit` of those whose shown name or email holds
 * every word of the search, in the list's order. A cursor holds the last account's place, not its
 * position, so a member who joins or leaves meanwhile moves no one else across a page boundary: every
 * account is on exactly one page.
 */
export function pageOf({ listed, compare }: Listing, { q, after, limit }: { q: string; after?: string; limit: number }): DirectoryPage {
  const words = folded(q).split(/\s+/u).filter(Boolean);
  const found = words.length ? listed.filter(({ text }) => words.every((word) => text.includes(word))) : listed;
  let start = 0;
  if (after !== undefined) {
    // The first listed after the cursor's place: a binary search in the sorted list.
    const from = keyOfCursor(after);
    let end = found.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if (compare(found[middle]!.key, from) > 0) end = middle;
      else start = middle + 1;
    }
  }
  const page = found.slice(start, start + limit);
  const next = start + limit < found.length ? cursorOf(page.at(-1)!.key) : null;
  return { ids: page.map(({ key }) => key.id), total: found.length, next };
}

/** Rows inserted, updated or deleted by this connection since it opened (committed or rolled back). */
const CHANGES = 'SELECT total_changes()';
/** Moves when another connection commits (a command-line tool, a test writing members in). */
const OTHER_COMMITS = 'PRAGMA data_version';

/**
 * Listings kept while the database stays as it was when they were read: any change anywhere forgets them
 * (a member joins, is renamed, promoted or disabled, or another connection writes), so no writer needs to
 * know what the list shows. Between a club's writes there are many reads: a member paging through the
 * list, or searching as they type, sorts it once.
 */
export class MemberDirectory {
  private connection: BetterSqlite3.Database | null = null;
  private connections = 0;
  private version = '';
  private readonly listings = new Map<string, Listing>();

  /** Everyone in `scope` (read by `read` when not kept), in `order` for `language`. */
  listing(sql: BetterSqlite3.Database, scope: string, order: UserOrder, language: Language, read: () => DirectoryAccount[]): Listing {
    // Inside a transaction, what is read may yet be rolled back: it is used, never kept.
    if (sql.inTransaction) return listingOf(read(), order, language);
    if (sql !== this.connection) {
      // Counts start again on a new connection (a restored club).
      this.connection = sql;
      this.connections += 1;
    }
    const version = `${this.connections} ${statement(sql, OTHER_COMMITS).pluck().get() as number} ${statement(sql, CHANGES).pluck().get() as number}`;
    if (version !== this.version) {
      this.listings.clear();
      this.version = version;
    }
    const key = `${scope} ${order} ${language}`;
    let listing = this.listings.get(key);
    if (!listing) this.listings.set(key, (listing = listingOf(read(), order, language)));
    return listing;
  }
}
