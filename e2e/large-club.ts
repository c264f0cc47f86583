import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ClubServer } from './club-server';

const FIRST = ['Anna', 'Bea', 'Cyril', 'Dana', 'Eva', 'Filip', 'Gabriela', 'Hana', 'Igor', 'Jana', 'Karol', 'Lucia', 'Marek'];
const FIRST_MORE = ['Nina', 'Oto', 'Petra', 'Radovan', 'Simona', 'Tomáš', 'Uršuľa', 'Viera', 'Zuzana', 'Ľubomír', 'Štefan', 'Žofia'];
const LAST = ['Nováková', 'Horváth', 'Kováč', 'Varga', 'Tóth', 'Nagy', 'Baláž', 'Molnár', 'Szabó', 'Lukáč', 'Šimko', 'Krajčír', 'Urban', 'Bartoš'];
const LAST_MORE = ['Holub', 'Polák', 'Kráľ', 'Čierny', 'Beňo', 'Jurčo', 'Hudák', 'Kollár', 'Oravec', 'Gajdoš', 'Ďurica', 'Mišík', 'Sloboda'];
const LAST_MOST = ['Blaho', 'Rybár', 'Zelený', 'Lipták', 'Fekete', 'Marko', 'Vlček', 'Ondruš', 'Bielik', 'Kuruc', 'Mráz', 'Hrušovský', 'Dubec'];
const BOOKS: [string, string][] = [
  ['Solaris', 'Stanisław Lem'],
  ['Piranesi', 'Susanna Clarke'],
  ['Middlemarch', 'George Eliot'],
  ['Klara and the Sun', 'Kazuo Ishiguro'],
  ['The Name of the Rose', 'Umberto Eco'],
  ['Invisible Cities', 'Italo Calvino'],
  ['Wolf Hall', 'Hilary Mantel'],
];

/** The one member a search is asked to find: no one else is called so. */
export const NEEDLE = { name: 'Xénia Šťastná', email: 'xenia.stastna@riverside.test' };

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/**
 * A club of `count` members (and NEEDLE), written straight into its database in one transaction: names
 * with diacritics, a bio in markdown and a few books each, as a club that has been going for years.
 * Members sign in with nothing: the test looks at them through the admin.
 */
export function seedLargeClub(club: ClubServer, count = 1000): void {
  const first = [...FIRST, ...FIRST_MORE];
  const last = [...LAST, ...LAST_MORE, ...LAST_MOST];
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  const user = sql.prepare(
    `INSERT INTO "user" ("id", "email", "name", "aboutMe", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
     VALUES (?, ?, ?, ?, ?, 0, 0, 1, ?)`,
  );
  const reading = sql.prepare(`INSERT INTO "currently_reading" ("ownerId", "title", "author", "createdOn") VALUES (?, ?, ?, ?)`);
  const now = new Date().toISOString();
  const members = Array.from({ length: count }, (_, n) => {
    const name = `${first[n % first.length]} ${last[Math.floor(n / first.length) % last.length]}`;
    return { name, email: `${ascii(name)}.${n}@riverside.test` };
  });
  sql.transaction(() => {
    for (const [n, member] of [...members, NEEDLE].entries()) {
      const id = crypto.randomUUID();
      const bio = `I read *${BOOKS[n % BOOKS.length]![0]}* twice and still think about it. Mostly novels, some essays; I come to the meetings for the arguments and stay for the **cake**.`;
      user.run(id, member.email, member.name, bio, n % 47 === 0 ? 1 : 0, now);
      for (let b = 0; b < n % 6; b++) reading.run(id, BOOKS[(n + b) % BOOKS.length]![0], BOOKS[(n + b) % BOOKS.length]![1], now);
    }
  })();
  sql.close();
}
