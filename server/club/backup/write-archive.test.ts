import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Post } from '../../../shared/api/discussions';
import { type Round } from '../../../shared/api/rounds';
import { APP_VERSION } from '../../app-version';
import { DATABASE_FILE } from '../../db/data-source';
import { startReadingClub } from '../../test-support/reading-club';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { addMember } from '../../test-support/members';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { archiveOptions, readArchive, photo, uploadAvatar } from '../../test-support/club-archives';
import { BACKUP_FORMAT_VERSION } from '../archive-format';
import { restoreClub } from '../restore/restore-club';
import { stageRestore } from '../restore/stage-restore';
import { discardStaged } from '../restore/staged-club';
import { writeClubArchive } from './write-archive';

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-archive-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a whole-club backup', () => {
  it('restores on another computer as the club was: posts, votes, avatars, and members stay signed in', async () => {
    const { club, mod, ann, book } = await startReadingClub();
    let restored: TestServer | undefined;
    try {
      const avatarUrl = await uploadAvatar(club, ann.token, await photo(1));
      const avatarBytes = Buffer.from(await (await fetch(club.url + avatarUrl)).arrayBuffer());
      const pages = ['/api/discussions', '/api/books', `/api/books/${book.bookId}`, '/api/users'];
      const discussions = await ok<{ discussionId: string; pollId: string | null }[]>(club, 'GET', '/api/discussions', mod);
      pages.push(...discussions.map((d) => `/api/discussions/${d.discussionId}`), ...discussions.filter((d) => d.pollId).map((d) => `/api/polls/${d.pollId}`));
      const before = await Promise.all(pages.map((page) => ok(club, 'GET', page, ann.token)));

      const target = path.join(scratch, 'nested', 'club.tar.gz');
      const { bytes, manifest } = await writeClubArchive(target, archiveOptions(club.dataDir));

      expect(bytes).toBe(fs.statSync(target).size);
      expect(fs.statSync(target).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(target))).toEqual(['club.tar.gz']);
      expect(fs.readdirSync(club.dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(manifest).toMatchObject({ format: 'bookclub-backup', formatVersion: BACKUP_FORMAT_VERSION, appVersion: APP_VERSION, siteName: 'Test Club' });
      expect(manifest.counts).toEqual({ members: 3, bots: 1, posts: 2, polls: 1, votes: 1, books: 1, reviews: 0, meetings: 0, images: 1 });
      expect(manifest.files.map((file) => file.path)).toEqual(['bookclub.db', 'token-secret.key', `images/avatars/${path.basename(avatarUrl)}`]);
      expect(readArchive(target).map((entry) => entry.path)).toEqual(['manifest.json', ...manifest.files.map((file) => file.path)]);

      const elsewhere = path.join(scratch, 'elsewhere');
      const outcome = await restoreClub(target, { dataDir: elsewhere });
      expect(outcome.staged).toMatchObject({ kind: 'archive', includesSecret: true, includesImages: true, counts: manifest.counts });
      restored = await startTestServer({ dataDir: elsewhere });
      const after = await Promise.all(pages.map((page) => ok(restored!, 'GET', page, ann.token)));
      expect(after).toEqual(before);
      const avatar = await fetch(restored.url + avatarUrl);
      expect(avatar.status).toBe(200);
      expect(Buffer.from(await avatar.arrayBuffer()).equals(avatarBytes)).toBe(true);
    } finally {
      await restored?.close();
      await club.close();
    }
  });

  it('holds every post answered before it started, and avatars its database names, while members keep writing', async () => {
    const club = await startTestServer();
    try {
      const mod = await setUpClub(club);
      const ann = await addMember(club, { name: 'Ann' });
      const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Busy' });
      // History to copy, so the backup takes a while.
      const seed = new Database(path.join(club.dataDir, DATABASE_FILE));
      const filler = seed.prepare(`INSERT INTO "setting" ("key", "value") VALUES (?, ?)`);
      seed.transaction(() => {
        for (let i = 0; i < 2000; i++) filler.run(`history-${i}`, 'x'.repeat(4000));
      })();
      seed.close();

      let writing = true;
      const answered: { postId: number; at: number }[] = [];
      const poster = async (writer: number) => {
        for (let n = 0; writing; n++) {
          const res = await club.call<Post>('POST', `/api/discussions/${round.bookDiscussionId}`, {
            token: ann.token,
            body: bookSuggestion(`Book ${writer}-${n}`),
          });
          if (res.status === 200) answered.push({ postId: res.body.postId, at: performance.now() });
        }
      };
      let avatarsChanged = 0;
      const avatarChanger = async () => {
        for (let n = 0; writing; n++) {
          await uploadAvatar(club, mod, await photo(n));
          avatarsChanged++;
        }
      };
      const writers = [poster(1), poster(2), avatarChanger()];
      while (answered.length < 20 || avatarsChanged < 1) await new Promise((resolve) => setTimeout(resolve, 10));

      const startedAt = performance.now();
      const answeredBefore = answered.filter((post) => post.at < startedAt).map((post) => post.postId);
      const target = path.join(scratch, 'busy.tar.gz');
      await writeClubArchive(target, archiveOptions(club.dataDir));
      const countAfterBackup = answered.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      writing = false;
      await Promise.all(writers);
      expect(answered.length).toBeGreaterThan(countAfterBackup);

      // The archive passes its own checks; its database holds every post answered before the backup started.
      const staged = await stageRestore(target, { dataDir: path.join(scratch, 'check') });
      try {
        const db = new Database(path.join(staged.dir, DATABASE_FILE), { readonly: true });
        const postIds = new Set((db.prepare(`SELECT "id" FROM "post"`).all() as { id: number }[]).map((row) => row.id));
        const avatars = (db.prepare(`SELECT "avatarFile" FROM "user" WHERE "avatarFile" IS NOT NULL`).all() as { avatarFile: string }[]).map(
          (row) => row.avatarFile,
        );
        db.close();
        expect(answeredBefore.length).toBeGreaterThanOrEqual(20);
        expect(answeredBefore.filter((postId) => !postIds.has(postId))).toEqual([]);
        expect(avatars.length).toBe(1);
        for (const file of avatars) expect(fs.existsSync(path.join(staged.dir, 'images', 'avatars', file))).toBe(true);
      } finally {
        discardStaged(staged);
      }
    } finally {
      await club.close();
    }
  });

  it('says so when there is no club to back up', async () => {
    await expect(writeClubArchive(path.join(scratch, 'x.tar.gz'), archiveOptions(path.join(scratch, 'nothing')))).rejects.toThrow(/no club database/);
    expect(fs.existsSync(path.join(scratch, 'x.tar.gz'))).toBe(false);
  });
});
