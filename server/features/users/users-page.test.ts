import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListEntry, UserPage } from '../../../shared/api/users';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

/** GET /api/users/page and GET /api/users/{email}: the member list a page at a time, and one member. */

interface Seeded {
  name: string;
  email?: string;
  moderator?: boolean;
  inactive?: boolean;
  disabled?: boolean;
  bot?: boolean;
  reading?: number;
}

/** Members written straight into the club's database in one transaction (a club of many, in milliseconds). */
function seed(club: TestServer, members: Seeded[]): void {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  const user = sql.prepare(
    `INSERT INTO "user" ("id", "email", "name", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn", "disabledOn")
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  const reading = sql.prepare(`INSERT INTO "currently_reading" ("ownerId", "title", "author", "createdOn") VALUES (?, ?, NULL, ?)`);
  const now = new Date().toISOString();
  sql.transaction(() => {
    for (const member of members) {
      const id = crypto.randomUUID();
      const email = member.email ?? `${id.slice(0, 8)}@club.test`;
      user.run(id, email, member.name, member.moderator ? 1 : 0, member.bot ? 1 : 0, member.inactive ? 0 : 1, now, member.disabled ? now : null);
      for (let n = 1; n <= (member.reading ?? 0); n++) reading.run(id, `Book ${n}`, now);
    }
  })();
  sql.close();
}

const NAMES = ['Anna Nováková', 'Peter NOVÁK', 'Ľubomír Šťastný', 'Chrobák Peter', 'Cyril Hríb', 'Hana Kráľová', 'eva', 'Eva', 'Zuzana Malá', 'Ödön Ács'];

let club: TestServer;
let mod: string;
let ann: TestMember;
let bot: string;
let botEmail: string;

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
  ({ token: bot, email: botEmail } = await addMember(club, { name: 'Bot Botson', bot: true }));
  seed(club, [
    ...NAMES.map((name) => ({ name })),
    ...Array.from({ length: 30 }, (_, n) => ({ name: `Member ${String(n).padStart(2, '0')}`, email: `m${n}@club.test` })),
    // No name of their own yet: shown (and sorted) by the email's local part.
    { name: '', email: 'quiet.one@club.test' },
    { name: 'Mona Moderator', moderator: true },
    { name: 'Ivan Inactive', inactive: true },
    { name: 'Dora Disabled', disabled: true },
    { name: 'Rita Reader', email: 'rita@club.test', reading: 6 },
  ]);
});
afterAll(async () => {
  await club.close();
});

const get = <T>(url: string, token: string, language = 'en') => club.call<T>('GET', url, { token, headers: { 'Accept-Language': language } });

/** Every page of a listing, following `next` to the end; each page's answer, in order. */
async function allPages(query: string, token: string, language = 'en', from: string | null = null): Promise<UserPage[]> {
  const pages: UserPage[] = [];
  let after = from;
  do {
    const res: { status: number; body: UserPage } = await get<UserPage>(`/api/users/page?${query}${after ? `&after=${after}` : ''}`, token, language);
    expect(res.status).toBe(200);
    pages.push(res.body);
    after = res.body.next;
  } while (after && pages.length < 200);
  return pages;
}
const emailsOf = (pages: UserPage[]) => pages.flatMap((page) => page.users.map((user) => user.email));
const namesOf = (pages: UserPage[]) => pages.flatMap((page) => page.users.map((user) => user.name || user.email.split('@')[0]!));

/** The members page's order before it was paged: shown name, then email, as the reader's language sorts them. */
function membersPageOrder(users: UserListEntry[], language = 'en'): string[] {
  const shown = (user: UserListEntry) => user.name.trim() || user.email.split('@')[0]!;
  return [...users].sort((a, b) => shown(a).localeCompare(shown(b), language) || a.email.localeCompare(b.email, language)).map((user) => user.email);
}

describe('paging', () => {
  it.each([
    ['a member', () => ann.token],
    ['a moderator', () => mod],
  ])('the pages hold everyone GET /api/users lists for %s, each exactly once, in the members page order', async (_who, token) => {
    const whole = (await get<UserListEntry[]>('/api/users', token())).body;
    const pages = await allPages('limit=7', token());
    const emails = emailsOf(pages);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(membersPageOrder(whole));
    expect(pages.every((page) => page.total === whole.length && page.users.length <= 7)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.users.length === 7 && page.next)).toBe(true);
    expect(pages.at(-1)!.next).toBeNull();
  });

  it('members who join or leave between pages move no one else across a page boundary', async () => {
    const before = emailsOf(await allPages('limit=100', mod));
    const first = (await get<UserPage>('/api/users/page?limit=10', mod)).body;
    seed(club, [{ name: 'Aaron Early' }, { name: 'Zoe Late', email: 'zoe.late@club.test' }]);
    const rest = await allPages('limit=10', mod, 'en', first.next);
    const seen = [...emailsOf([first]), ...emailsOf(rest)];
    expect(new Set(seen).size).toBe(seen.length);
    // Everyone who was there is on exactly one page; who joined after the cursor is on a later one.
    expect(seen.filter((email) => before.includes(email))).toEqual(before);
    expect(seen).toContain('zoe.late@club.test');
  });

  it('a member renamed through the API takes their new place at once', async () => {
    const [cyril] = (await get<UserPage>('/api/users/page?q=cyril', ann.token)).body.users;
    expect((await get<UserPage>('/api/users/page?limit=1', ann.token)).body.users[0]?.name).not.toBe('Aaaa Cyril');
    await ok(club, 'POST', `/api/users/${encodeURIComponent(cyril!.email)}`, mod, { name: 'Aaaa Cyril' });
    expect((await get<UserPage>('/api/users/page?limit=1', ann.token)).body.users[0]?.name).toBe('Aaaa Cyril');
    await ok(club, 'POST', `/api/users/${encodeURIComponent(cyril!.email)}`, mod, { name: 'Cyril Hríb' });
    expect((await get<UserPage>('/api/users/page?limit=1', ann.token)).body.users[0]?.name).not.toBe('Aaaa Cyril');
  });

  it('with the default limit, a page holds 24', async () => {
    expect((await get<UserPage>('/api/users/page', mod)).body.users).toHaveLength(24);
  });

  it('is ordered as the reader’s language sorts names: in Slovak, Ch comes after H', async () => {
    const order = (pages: UserPage[]) => namesOf(pages).filter((name) => /^(Chrobák|Cyril|Hana)/.test(name));
    expect(order(await allPages('limit=100', ann.token, 'en'))).toEqual(['Chrobák Peter', 'Cyril Hríb', 'Hana Kráľová']);
    expect(order(await allPages('limit=100', ann.token, 'sk'))).toEqual(['Cyril Hríb', 'Hana Kráľová', 'Chrobák Peter']);
  });
});

describe('search', () => {
  const found = async (q: string, token = ann.token) => namesOf(await allPages(`q=${encodeURIComponent(q)}&limit=100`, token)).sort();

  it('finds a name in any case, with or without diacritics, and every word must match', async () => {
    expect(await found('novak')).toEqual(['Anna Nováková', 'Peter NOVÁK']);
    expect(await found('NOVÁKOVÁ')).toEqual(['Anna Nováková']);
    expect(await found('lubo')).toEqual(['Ľubomír Šťastný']);
    expect(await found('ľUBOMÍR šťastný')).toEqual(['Ľubomír Šťastný']);
    expect(await found('peter nov')).toEqual(['Peter NOVÁK']);
    expect(await found('odon acs')).toEqual(['Ödön Ács']);
  });

  it('finds an email, and a member without a name by the name they are shown with', async () => {
    expect(await found('m12@')).toEqual(['Member 12']);
    expect(await found('rita@club.test')).toEqual(['Rita Reader']);
    expect(await found('quiet.one')).toEqual(['quiet.one']);
  });

  it('counts the matches, and answers an empty page for none; a blank search is everyone', async () => {
    const page = (await get<UserPage>('/api/users/page?q=member&limit=5', ann.token)).body;
    expect(page.total).toBe(30);
    expect(page.users).toHaveLength(5);
    expect((await get<UserPage>(`/api/users/page?q=${encodeURIComponent('📚 zzz')}`, ann.token)).body).toMatchObject({ users: [], total: 0, next: null });
    const whole = (await get<UserListEntry[]>('/api/users', ann.token)).body;
    expect((await get<UserPage>('/api/users/page?q=%20%20', ann.token)).body.total).toBe(whole.length);
  });
});

describe('who is listed', () => {
  it('members and bots see who takes part and can sign in; never a bot', async () => {
    for (const token of [ann.token, bot]) {
      const names = namesOf(await allPages('limit=100', token));
      expect(names).toContain('Mona Moderator');
      expect(names).not.toContain('Ivan Inactive');
      expect(names).not.toContain('Dora Disabled');
      expect(names).not.toContain('Bot Botson');
      expect(await found('ivan', token)).toEqual([]);
    }
    async function found(q: string, token: string) {
      return (await get<UserPage>(`/api/users/page?q=${q}`, token)).body.users;
    }
  });

  it('moderators also see inactive and disabled accounts, unless they ask for the active alone', async () => {
    const names = namesOf(await allPages('limit=100', mod));
    expect(names).toEqual(expect.arrayContaining(['Ivan Inactive', 'Dora Disabled']));
    expect(names).not.toContain('Bot Botson');
    const active = namesOf(await allPages('limit=100&active=true', mod));
    expect(active).not.toContain('Ivan Inactive');
    expect(active).not.toContain('Dora Disabled');
    expect(active).toHaveLength(names.length - 2);
  });

  it("role order: moderators first, disabled accounts last, each by name; counts are the admin screen's summary", async () => {
    const pages = await allPages('order=role&limit=9', mod);
    const users = pages.flatMap((page) => page.users);
    const moderators = users.filter((user) => user.isModerator && !user.isDisabled);
    expect(users.slice(0, moderators.length)).toEqual(moderators);
    expect(moderators.map((user) => user.name)).toContain('Mona Moderator');
    expect(users.at(-1)?.name).toBe('Dora Disabled');
    expect(new Set(users.map((user) => user.userId)).size).toBe(users.length);
    expect(pages[0]!.counts).toEqual({ moderators: moderators.length, members: users.length - moderators.length - 1, disabled: 1 });
    // The search narrows the page, not the summary.
    expect((await get<UserPage>('/api/users/page?order=role&q=dora', mod)).body).toMatchObject({ total: 1, counts: pages[0]!.counts });
  });

  it('a page carries the first four books a member reads and how many in all', async () => {
    const [rita] = (await get<UserPage>('/api/users/page?q=rita', ann.token)).body.users;
    expect(rita?.currentlyReading.map((entry) => entry.title)).toEqual(['Book 1', 'Book 2', 'Book 3', 'Book 4']);
    expect(rita?.currentlyReadingCount).toBe(6);
  });

  it('visitors are refused', async () => {
    expect((await club.call('GET', '/api/users/page')).status).toBe(401);
  });
});

describe('bad input is a 400 that names the parameter', () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['limit=0', 'limit'],
    ['limit=1000000000', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=5&limit=6', 'limit'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['after=nonsense', 'after'],
    [`after=${cursorOf({ name: 'Ann' })}`, 'after'],
    [`after=${cursorOf([7, 'Ann', 'ann@club.test', 'id'])}`, 'after'],
    [`after=${'A'.repeat(1001)}`, 'after'],
    ['order=age', 'order'],
    ['active=yes', 'active'],
  ])('%s', async (query, field) => {
    const res = await club.call<{ detail: string; errors: Record<string, string[]> }>('GET', `/api/users/page?${query}`, { token: ann.token });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.detail).toMatch(/^[A-Z].+\.$/);
  });
});

describe('one member (GET /api/users/{email})', () => {
  const one = (key: string, token: string) => club.call<UserListEntry>('GET', `/api/users/${encodeURIComponent(key)}`, { token });

  it('by email in any case, or by user id, with everything they read', async () => {
    const rita = (await one('RITA@club.test', ann.token)).body;
    expect(rita).toMatchObject({ name: 'Rita Reader', email: 'rita@club.test' });
    expect(rita.currentlyReading).toHaveLength(6);
    expect((await one(rita.userId, ann.token)).body.email).toBe('rita@club.test');
  });

  it('members find whom the list shows them, and themselves; moderators anyone but a bot', async () => {
    const emailOf = async (name: string) => (await get<UserPage>(`/api/users/page?q=${encodeURIComponent(name)}`, mod)).body.users[0]!.email;
    const ivan = await emailOf('Ivan Inactive');
    const dora = await emailOf('Dora Disabled');
    for (const hidden of [ivan, dora, botEmail, 'nobody@club.test', 'not-an-id']) expect((await one(hidden, ann.token)).status).toBe(404);
    expect((await one(botEmail, mod)).status).toBe(404);
    expect((await one(ivan, mod)).status).toBe(200);
    expect((await one(dora, mod)).body.isDisabled).toBe(true);
    // Ann stops taking part: the list no longer shows her, her own profile still opens.
    await ok(club, 'POST', `/api/users/${encodeURIComponent(ann.email)}`, mod, { name: 'Ann', isActiveParticipant: false });
    expect((await one(ann.email, ann.token)).body.isActiveParticipant).toBe(false);
    expect((await one(ann.userId, ann.token)).status).toBe(200);
    expect((await one(ann.email, bot)).status).toBe(404);
    await ok(club, 'POST', `/api/users/${encodeURIComponent(ann.email)}`, mod, { name: 'Ann', isActiveParticipant: true });
  });
});
