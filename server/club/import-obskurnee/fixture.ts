import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeIdentityV3Hash } from '../../features/accounts';
import { FIXTURE_USERS, LOOSE_AVATAR_FILE, TINY_PNG, UNREFERENCED_IMAGES, fixtureDate as date, type FixtureOptions } from './fixture-facts';
import { ageLikeAnOldClub, writeReadingRows } from './fixture-rows';
import { OBSKURNEE_FIXTURE_SCHEMA } from './fixture-schema';

export { FIXTURE_COUNTS, FIXTURE_USERS, LOOSE_AVATAR_FILE, NEVER, TINY_PNG, UNREFERENCED_IMAGES, type FixtureOptions } from './fixture-facts';

/**
 * An Obskurnee-shaped database with a small, realistic Slovak club, for the import's tests and for trying
 * the command by hand. The
 * tables are laid out as Obskurnee's EF Core migrations leave them (see obskurnee-schema.ts); ids have
 * gaps, as a club's real history has, so a test can tell kept ids from renumbered ones.
 */

/** Results as Obskurnee kept them beside its ballots: counts most first, floor percentages of the voters. */
function resultsOf(ballots: [string, number[]][], winner: number | null): string {
  const counts = new Map<number, number>();
  for (const [, postIds] of ballots) for (const id of postIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const votes = [...counts].sort((a, b) => b[1] - a[1]).map(([PostId, Votes]) => ({ PostId, Votes, Percentage: Math.floor((100 * Votes) / ballots.length) }));
  return JSON.stringify({ WinnerPostId: winner, AlreadyVoted: ballots.map(([userId]) => userId), Votes: votes });
}

/** Writes the fixture club to `file` (which must not exist); answers the --images folder it also wrote. */
export function createObskurneeFixture(file: string, options: FixtureOptions = {}): { imagesDir: string } {
  const legacy = options.legacy ? { adminClaim: true, ...(typeof options.legacy === 'object' ? options.legacy : {}) } : null;
  // A WAL-mode club is built beside and copied, -wal and -shm with it, while its connection still holds
  // them (closing would fold the -wal into the file).
  const building = options.wal ? `${file}.building` : file;
  const leftBeside = options.wal === 'in-wal' ? ['', '-wal'] : options.wal === 'in-wal-with-shm' ? ['', '-wal', '-shm'] : [];
  const db = new Database(building);
  const { admin, moderator, member, inactive, bot } = FIXTURE_USERS;
  const A = admin.id;
  const M = moderator.id;
  const L = member.id;
  const J = inactive.id;
  try {
    db.exec(OBSKURNEE_FIXTURE_SCHEMA);
    if (options.wal) {
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
    }
    db.transaction(() => {
      const run = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
      for (const id of ['20210429142040_Initialization', '20211215203151_AddUserActivityFlags', '20240505194214_Adding Search']) {
        run(`INSERT INTO "__EFMigrationsHistory" VALUES (?, '8.0.4')`, id);
      }
      const roles = { admin: 'r-admin', moderator: 'r-mod', bookworm: 'r-worm', bot: 'r-bot' };
      for (const [name, id] of Object.entries(roles))
        run(`INSERT INTO "AspNetRoles" ("Id", "Name", "NormalizedName") VALUES (?, ?, ?)`, id, name, name.toUpperCase());

      // The admin's hash is Obskurnee 8's default (HMAC-SHA512, 100,000 iterations); the others are cheaper
      // (and one is the older HMAC-SHA256 with 10,000), so the tests stay fast.
      const iterations = options.iterations ?? 10_000;
      const user = (u: { id: string; email: string; name: string; password: string }, extra: Record<string, unknown>, hash: string) =>
        run(
          `INSERT INTO "AspNetUsers" ("Id", "UserName", "NormalizedUserName", "Email", "NormalizedEmail", "EmailConfirmed", "PasswordHash",
             "PhoneNumber", "AboutMe", "AvatarUrl", "Language", "GoodreadsProfileUrl", "LoginEnabled", "IsBot", "SecurityStamp")
           VALUES (@id, @name, upper(@name), @email, upper(@email), 1, @hash, @phone, @about, @avatar, @language, @goodreads, @enabled, @bot, 'STAMP')`,
          {
            id: u.id,
            name: u.name,
            email: u.email,
            hash,
            phone: null,
            about: null,
            avatar: null,
            language: null,
            goodreads: null,
            enabled: 1,
            bot: 0,
            ...extra,
          },
        );
      user(
        admin,
        {
          phone: '+421 900 123 456',
          about: 'Zakladateľka klubu. Čítam **všetko**.',
          avatar: '/images/ZuzanaKovov.20230101-120000.png',
          language: 'sk',
          goodreads: 'https://www.goodreads.com/user/show/12345-zuzana',
        },
        makeIdentityV3Hash(admin.password, { iterations: 100_000, prf: 2 }),
      );
      user(
        moderator,
        { language: 'en', goodreads: 'https://app.thestorygraph.com/profile/peter' },
        makeIdentityV3Hash(moderator.password, { iterations, prf: 1 }),
      );
      user(member, { about: 'Mám rada poéziu.', avatar: `/images/${LOOSE_AVATAR_FILE}`, language: 'cs' }, makeIdentityV3Hash(member.password, { iterations }));
      user(inactive, { enabled: 0, language: 'sk' }, makeIdentityV3Hash(inactive.password, { iterations }));
      user(bot, { bot: legacy ? 0 : 1 }, makeIdentityV3Hash(bot.password, { iterations }));
      if (legacy) {
        // Before 2022: one claim per role, of the role's name, = "true" (a bot's was its only mark).
        const claims: [string, string][] = [
          [A, 'moderator'],
          [M, 'moderator'],
          [bot.id, 'bot'],
        ];
        if (legacy.adminClaim) claims.push([A, 'admin']);
        for (const [userId, type] of claims) run(`INSERT INTO "AspNetUserClaims" ("UserId", "ClaimType", "ClaimValue") VALUES (?, ?, 'true')`, userId, type);
      } else {
        for (const [userId, role] of [
          [A, 'bookworm'],
          [A, 'moderator'],
          [A, 'admin'],
          [M, 'bookworm'],
          [M, 'moderator'],
          [L, 'bookworm'],
          [J, 'bookworm'],
          [bot.id, 'bot'],
        ] as const) {
          run(`INSERT INTO "AspNetUserRoles" VALUES (?, ?)`, userId, roles[role]);
        }
      }
      run(`INSERT INTO "Images" VALUES (?, ?, '.png', 2)`, 'ZuzanaKovov.20230101-120000.png', TINY_PNG);
      run(`INSERT INTO "Images" VALUES (?, ?, '.jpg', 1)`, 'HlavaXXII48213.jpg', Buffer.from('not really a jpeg, but bytes to keep'));
      // A cover of a suggestion deleted long ago: nothing names it.
      run(`INSERT INTO "Images" VALUES (?, ?, '.jpg', 1)`, UNREFERENCED_IMAGES.inDatabase, Buffer.from('an old cover'));

      const round = (id: number, kind: number, title: string, f: Record<string, number | null>, day: string) =>
        run(
          `INSERT INTO "Rounds" ("RoundId", "Kind", "Title", "ThemeDiscussionId", "ThemePollId", "ThemeTiebreakerPollId", "BookDiscussionId",
             "BookPollId", "BookTiebreakerPollId", "BookId", "OwnerId", "CreatedOn", "ModifiedOn")
           VALUES (@id, @kind, @title, @td, @tp, @ttp, @bd, @bp, @btp, @b, @owner, @on, @on)`,
          { id, kind, title, td: null, tp: null, ttp: null, bd: null, bp: null, btp: null, b: null, owner: A, on: date(day), ...f },
        );
      const discussion = (
        id: number,
        roundId: number,
        topic: number,
        title: string,
        description: string | null,
        closed: boolean,
        pollId: number,
        day: string,
      ) =>
        run(
          `INSERT INTO "Discussions" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          pollId,
          roundId,
          title,
          description,
          closed ? 1 : 0,
          topic,
          A,
          date(day),
          date(day),
        );
      const post = (
        id: number,
        discussionId: number,
        owner: string,
        f: { title: string; author?: string; text?: string; pages?: number; url?: string; image?: string; parent?: number; parentRec?: number },
        day: string,
      ) =>
        run(
          `INSERT INTO "Posts" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          discussionId,
          f.title,
          f.author ?? null,
          f.text ?? null,
          f.pages ?? null,
          f.url ?? null,
          f.image ?? null,
          f.parent ?? null,
          f.parentRec ?? null,
          owner,
          date(day, '19:00:00'),
          date(day, '19:30:00'),
        );
      const poll = (
        id: number,
        discussionId: number,
        roundId: number,
        topic: number,
        title: string,
        options: number[],
        ballots: [string, number[]][],
        f: { closed: boolean; tiebreaker?: boolean; previous?: number; winner?: number | null; followup?: [number, number] },
        day: string,
      ) => {
        run(
          `INSERT INTO "Polls" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          discussionId,
          f.previous ?? null,
          f.followup ? JSON.stringify({ kind: f.followup[0], entityId: f.followup[1] }) : null,
          roundId,
          title,
          f.closed ? 1 : 0,
          topic,
          f.tiebreaker ? 1 : 0,
          ballots.length ? resultsOf(ballots, f.winner ?? null) : null,
          A,
          date(day),
          date(day),
        );
        for (const option of options) run(`INSERT INTO "PollPost" VALUES (?, ?)`, id, option);
        for (const [userId, postIds] of ballots)
          run(
            `INSERT INTO "Votes" VALUES (?, ?, ?, NULL, ?, ?, ?)`,
            `${id}-${userId}`,
            id,
            JSON.stringify(postIds),
            userId,
            date(day, '20:00:00'),
            date(day, '20:00:00'),
          );
      };
      const book = (id: number, order: number, roundId: number, postId: number, discussionId: number, pollId: number, day: string) =>
        run(`INSERT INTO "Books" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, postId, roundId, order, discussionId, pollId, A, date(day), date(day));

      // Recommendations first: a suggestion in round 2 reposts one.
      run(
        `INSERT INTO "Recommendations" VALUES (7, 'Saturnin', 'Zdeněk Jirotka', 'Humor, ktorý *nestarne*.', 208, 'https://www.goodreads.com/book/show/1', NULL, ?, ?, ?)`,
        M,
        date('2023-01-10'),
        date('2023-01-10'),
      );
      run(
        `INSERT INTO "Recommendations" VALUES (8, 'Solaris', 'Stanisław Lem', 'Oceán, ktorý myslí.', 204, NULL, NULL, ?, ?, ?)`,
        L,
        date('2023-02-01'),
        date('2023-02-01'),
      );

      // Round 1 (books): a tie, settled by a tiebreaker.
      round(1, 1, 'Jarné čítanie', { bd: 3, bp: 5, btp: 6, b: 2 }, '2023-03-01');
      discussion(3, 1, 1, 'Jarné čítanie: návrhy kníh', 'Navrhujte knihy na **jar**.', true, 5, '2023-03-01');
      post(
        1,
        3,
        A,
        {
          title: 'Hlava XXII',
          author: 'Joseph Heller',
          pages: 480,
          url: 'https://www.goodreads.com/book/show/168668.Catch_22',
          image: '/images/HlavaXXII48213.jpg',
          text: 'Klasika. Žiadne spoilery: ::Yossarian::',
        },
        '2023-03-02',
      );
      post(2, 3, M, { title: 'Malý princ', author: 'Antoine de Saint-Exupéry', pages: 96, text: 'Krátka a krásna.' }, '2023-03-03');
      post(4, 3, L, { title: 'Krvavé sonety', author: 'Pavol Országh Hviezdoslav', pages: 64, text: 'Poézia pre odvážnych.' }, '2023-03-04');
      poll(
        5,
        3,
        1,
        1,
        'Jarné čítanie: hlasovanie',
        [1, 2, 4],
        [
          [A, [1]],
          [M, [1, 2]],
          [L, [2]],
          [J, [4]],
        ],
        { closed: true, followup: [2, 6] },
        '2023-03-10',
      );
      poll(
        6,
        3,
        1,
        1,
        'Rozstrel: Jarné čítanie: hlasovanie',
        [1, 2],
        [
          [A, [1]],
          [M, [1]],
          [L, [2]],
        ],
        { closed: true, tiebreaker: true, previous: 5, winner: 1, followup: [1, 2] },
        '2023-03-12',
      );
      book(2, 1, 1, 1, 3, 6, '2023-03-12');

      // Round 2 (themes): the theme wins outright, its book discussion follows; reposts from round 1 and a recommendation.
      round(2, 0, 'Leto s témou', { td: 10, tp: 11, bd: 12, bp: 13, b: 3 }, '2023-06-01');
      discussion(10, 2, 0, 'Leto s témou: témy', 'Aká téma na leto?', true, 11, '2023-06-01');
      post(20, 10, A, { title: 'Slovenskí klasici', text: 'Niečo **naše**.' }, '2023-06-02');
      post(21, 10, L, { title: 'Sci-fi' }, '2023-06-02');
      poll(
        11,
        10,
        2,
        0,
        'Leto s témou: témy: hlasovanie',
        [20, 21],
        [
          [A, [20]],
          [M, [20]],
          [L, [20, 21]],
        ],
        { closed: true, winner: 20, followup: [0, 12] },
        '2023-06-08',
      );
      discussion(12, 2, 1, 'Leto s témou: návrhy kníh', '**Slovenskí klasici** - Niečo **naše**.', true, 13, '2023-06-08');
      post(22, 12, L, { title: 'Krvavé sonety', author: 'Pavol Országh Hviezdoslav', pages: 64, text: 'Poézia pre odvážnych.', parent: 4 }, '2023-06-09');
      post(23, 12, M, { title: 'Saturnin', author: 'Zdeněk Jirotka', pages: 208, text: 'Humor, ktorý *nestarne*.', parentRec: 7 }, '2023-06-09');
      post(24, 12, A, { title: 'Živý bič', author: 'Milo Urban', pages: 320, text: 'Dedina počas vojny.' }, '2023-06-10');
      poll(
        13,
        12,
        2,
        1,
        'Leto s témou: návrhy kníh: hlasovanie',
        [22, 23, 24],
        [
          [A, [24]],
          [M, [22, 24]],
          [L, [22]],
          [J, [24]],
        ],
        { closed: true, winner: 24, followup: [1, 3] },
        '2023-06-15',
      );
      book(3, 2, 2, 24, 12, 13, '2023-06-15');

      // Round 3 (books): the tiebreaker ties again and was settled by lot.
      round(3, 1, 'Jesenné dumky', { bd: 14, bp: 15, btp: 16, b: 5 }, '2023-09-01');
      discussion(14, 3, 1, 'Jesenné dumky: návrhy kníh', null, true, 15, '2023-09-01');
      post(30, 14, A, { title: 'Stoner', author: 'John Williams', pages: 288, text: 'Tichý román.' }, '2023-09-02');
      post(31, 14, M, { title: 'Solaris', author: 'Stanisław Lem', pages: 204, text: 'Z odporúčaní.', parentRec: 8 }, '2023-09-02');
      poll(
        15,
        14,
        3,
        1,
        'Jesenné dumky: hlasovanie',
        [30, 31],
        [
          [A, [30]],
          [M, [31]],
        ],
        { closed: true, followup: [2, 16] },
        '2023-09-08',
      );
      poll(
        16,
        14,
        3,
        1,
        'Rozstrel: Jesenné dumky: hlasovanie',
        [30, 31],
        [
          [A, [30]],
          [M, [31]],
        ],
        { closed: true, tiebreaker: true, previous: 15, winner: 31, followup: [1, 5] },
        '2023-09-10',
      );
      book(5, 3, 3, 31, 14, 16, '2023-09-10');

      // Round 4 (books): open, with a repost of round 3's loser.
      round(4, 1, 'Zimné večery', { bd: 17 }, '2023-12-01');
      discussion(17, 4, 1, 'Zimné večery: návrhy kníh', 'Hrubé knihy na dlhé **večery**.', false, 0, '2023-12-01');
      post(40, 17, A, { title: 'Anna Kareninová', author: 'Lev Nikolajevič Tolstoj', pages: 864, text: 'Ak nie teraz, tak kedy?' }, '2023-12-02');
      post(41, 17, L, { title: 'Stoner', author: 'John Williams', pages: 288, text: 'Tichý román.', parent: 30 }, '2023-12-03');

      writeReadingRows(run, { A, M, L, J });

      if (legacy) ageLikeAnOldClub(run);
    })();
    for (const suffix of leftBeside) fs.copyFileSync(`${building}${suffix}`, `${file}${suffix}`);
  } finally {
    db.close();
    if (options.wal === 'checkpointed') fs.renameSync(building, file);
    if (options.wal) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${building}${suffix}`, { force: true });
  }
  const imagesDir = `${file}.images`;
  fs.mkdirSync(imagesDir, { recursive: true });
  fs.writeFileSync(path.join(imagesDir, LOOSE_AVATAR_FILE), TINY_PNG);
  fs.writeFileSync(path.join(imagesDir, UNREFERENCED_IMAGES.inFolder), TINY_PNG);
  return { imagesDir };
}
