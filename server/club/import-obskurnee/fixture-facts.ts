// What the fixture club (fixture.ts) holds, for the tests to compare the import with.

/** A 1 x 1 PNG: enough for the avatar pipeline to crop and scale. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export const FIXTURE_USERS = {
  admin: { id: '6f1c2a7e-1d1b-4c43-9a55-0f0e7c1a0001', email: 'zuzana@klub.sk', name: 'Zuzana Kováčová', password: 'Zuzkine heslo 1' },
  moderator: { id: '6f1c2a7e-1d1b-4c43-9a55-0f0e7c1a0002', email: 'peter@klub.sk', name: 'Peter Šťastný', password: 'Peter má heslo 2' },
  member: { id: '6f1c2a7e-1d1b-4c43-9a55-0f0e7c1a0003', email: 'lubica@klub.sk', name: 'Ľubica Ďurišová', password: 'Ľubkine heslo 3' },
  inactive: { id: '6f1c2a7e-1d1b-4c43-9a55-0f0e7c1a0004', email: 'jan@klub.sk', name: 'Ján Novák', password: 'Jánove heslo 4' },
  bot: { id: '6f1c2a7e-1d1b-4c43-9a55-0f0e7c1a0005', email: 'bot@klub.sk', name: 'Kalendárový bot', password: 'Bot heslo 5' },
} as const;

/** The avatar that lives outside the database, in the folder given with --images. */
export const LOOSE_AVATAR_FILE = 'Lubica.20220301-101500.png';

/** What the import must report having brought over from the fixture. */
export const FIXTURE_COUNTS = {
  members: 5,
  admins: 1,
  moderators: 2,
  bots: 1,
  inactive: 1,
  rounds: 4,
  discussions: 5,
  posts: 12,
  reposts: 4,
  polls: 6,
  tiebreakers: 2,
  votes: 18,
  books: 3,
  reviews: 3,
  recommendations: 2,
  currentlyReading: 1,
  // Zuzana's currently-reading book and Peter's read one; both have a profile the club goes on reading.
  shelfEntries: 2,
  shelfLinks: 2,
  subscriptions: 4,
  noticeboard: 1,
  avatars: 2,
  covers: 1,
} as const;

/** A date as Obskurnee's EF Core wrote it: seven decimals of a second. */
export const fixtureDate = (day: string, time = '18:00:00') => `${day} ${time}.1234567`;

/** Pictures the fixture holds that nothing in it names: the import lists them as left behind. */
export const UNREFERENCED_IMAGES = { inDatabase: 'StaryObal.20210505-090000.jpg', inFolder: 'zabudnuty-obrazok.png' } as const;

/** What EF Core's SQLite provider writes for .NET's DateTime.MinValue, in the forms it has written it. */
export const NEVER = { literal: '0001-01-01 00:00:00', fraction: '0001-01-01 00:00:00.0000000', t: '0001-01-01T00:00:00' } as const;

export interface FixtureOptions {
  /** PBKDF2 iterations of the cheaper hashes (the admin's is always Obskurnee 8's 100,000). */
  iterations?: number;
  /**
   * The club as a real one Obskurnee has kept since 2021 looks after its later versions upgraded it by
   * their migrations alone: roles are still the claims Obskurnee used before 2022 (its conversion of them
   * ran at start in early 2022 only, not as a migration), the bot was made before the IsBot column, and
   * every row has the ModifiedOn its 2022 migration added (DateTime.MinValue), in the forms EF Core writes
   * it. Some rows have no CreatedOn either. `adminClaim: false` leaves the admin without their claim.
   */
  legacy?: boolean | { adminClaim?: boolean };
  /**
   * Obskurnee's database in WAL mode, as its EF Core leaves it. "checkpointed": stopped cleanly, the file
   * alone. "in-wal": stopped with committed transactions (all the rows) still in the -wal beside it (a
   * reader that ignores the -wal sees no club); "in-wal-with-shm" also leaves the -shm, as a killed one does.
   */
  wal?: 'checkpointed' | 'in-wal' | 'in-wal-with-shm';
}
