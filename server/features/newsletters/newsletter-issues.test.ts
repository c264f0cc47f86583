import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../../db/data-source';
import { MailQueue } from '../mail/mail-queue';
import type { AccountsService } from '../accounts';
import type { ClubEvent } from './club-events';
import { ISSUE_BATCH } from './newsletter-issues';
import { NewslettersService } from './newsletters.service';

// A newsletter to a big club: the event writes one row, the members' mail is queued in the background, a
// batch at a time, each member once, in their language, without holding the event loop, and a restart
// part-way carries on where it stopped.

const MEMBERS = 1_000;
const LINKS = { publicUrl: 'https://club.example.org', siteName: 'Big Club', defaultLanguage: 'en' as const };

interface Club {
  dataDir: string;
  db: DataSource;
  /** Every subscribed member who may get mail, by email: their language. */
  readers: Map<string, 'en' | 'sk'>;
  memberIds: string[];
}

const open: { db: DataSource; dataDir: string }[] = [];
afterEach(async () => {
  for (const { db, dataDir } of open.splice(0)) {
    if (db.isInitialized) await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A club of MEMBERS members written in one transaction: every one on allevents, every third also on
 * basicevents, every second reading Slovak, every fourth with no language (the club's, English); and
 * beside them a bot, a disabled member and one on no list, who get nothing.
 */
async function bigClub(): Promise<Club> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-issues-'));
  const db = await openDatabase(dataDir);
  open.push({ db, dataDir });
  const sql = sqliteOf(db);
  const addUser = sql.prepare(`INSERT INTO "user" ("id", "email", "name", "language", "isBot", "disabledOn") VALUES (?, ?, ?, ?, ?, ?)`);
  const subscribe = sql.prepare(`INSERT INTO "newsletter_subscription" ("userId", "newsletter") VALUES (?, ?)`);
  const readers = new Map<string, 'en' | 'sk'>();
  const memberIds: string[] = [];
  sql.transaction(() => {
    for (let i = 0; i < MEMBERS; i++) {
      const id = crypto.randomUUID();
      const email = `member${i}@club.test`;
      const language = i % 2 === 1 ? 'sk' : i % 4 === 0 ? null : 'en';
      addUser.run(id, email, `Member ${i}`, language, 0, null);
      subscribe.run(id, 'allevents');
      if (i % 3 === 0) subscribe.run(id, 'basicevents');
      readers.set(email, language ?? 'en');
      memberIds.push(id);
    }
    for (const [email, isBot, disabledOn] of [
      ['bot@club.test', 1, null],
      ['gone@club.test', 0, '2026-11-01T00:00:00.000Z'],
    ] as const) {
      const id = crypto.randomUUID();
      addUser.run(id, email, email, 'en', isBot, disabledOn);
      subscribe.run(id, 'allevents');
    }
    addUser.run(crypto.randomUUID(), 'quiet@club.test', 'Quiet', 'en', 0, null);
  })();
  return { dataDir, db, readers, memberIds };
}

function newsletters(db: DataSource, pacing: ConstructorParameters<typeof NewslettersService>[5] = {}) {
  const queue = new MailQueue(db, { transport: { send: async () => {} }, from: 'bookclub@club.test', log: () => {} });
  return new NewslettersService(db, queue, {} as AccountsService, LINKS, () => {}, pacing);
}

/** The burst: a round starts, then twenty members each suggest a book. */
function burst(club: Club): ClubEvent[] {
  return [
    { kind: 'roundStarted', discussionId: 7, title: 'Spring: book suggestions' },
    ...Array.from({ length: 20 }, (_, k) => ({
      kind: 'suggestionAdded' as const,
      discussionId: 7,
      postId: 100 + k,
      title: `Book ${k + 1}`,
      owner: `Member ${k}`,
      discussion: 'Spring: book suggestions',
      actorId: club.memberIds[k]!,
    })),
  ];
}

function queuedMails(db: DataSource): { to: string; subject: string; text: string }[] {
  return sqliteOf(db).prepare(`SELECT "to", "subject", "text" FROM "mail" ORDER BY "id"`).all() as { to: string; subject: string; text: string }[];
}

/** Each member's mail about each event exactly once, in their language, and nobody else's. */
function expectEachMemberOnce(club: Club, mails: { to: string; subject: string; text: string }[]): void {
  const seen = new Map<string, number>();
  const wrong: string[] = [];
  for (const mail of mails) {
    const key = `${mail.to} ${mail.subject}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    const language = club.readers.get(mail.to);
    if (!language) wrong.push(`${mail.to} gets no newsletter`);
    if (/^\[Big Club\] (Nové kolo|Nový návrh):/.test(mail.subject) !== (language === 'sk')) wrong.push(`${mail.to} (${language}): ${mail.subject}`);
    if (!mail.text.includes(`https://club.example.org/my/${encodeURIComponent(mail.to)}\n`)) wrong.push(`${mail.to}: no link to their profile`);
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  expect([...seen].filter(([, n]) => n !== 1).slice(0, 5)).toEqual([]);
  const roundMails = mails.filter((mail) => /(New round|Nové kolo): Spring/.test(mail.subject));
  expect(roundMails).toHaveLength(MEMBERS);
  for (let k = 1; k <= 20; k++) {
    const aboutBook = mails.filter((mail) => mail.subject.endsWith(`: Book ${k}`));
    // Everyone but the member who suggested it.
    expect(aboutBook).toHaveLength(MEMBERS - 1);
    expect(aboutBook.some((mail) => mail.to === `member${k - 1}@club.test`)).toBe(false);
  }
}

describe('a newsletter to a thousand members', () => {
  it('queues each member’s mail once, in their language, a batch at a time, never holding the event loop for long', async () => {
    const club = await bigClub();
    // Unpaced, to be quick: the batches alone keep the loop free (the pacing has tests of its own).
    const service = newsletters(club.db, { share: 1 });
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    for (const event of burst(club)) service.publish(event);
    // Each event is one row when publish returns: the request that caused it is not held up by its mail.
    expect(performance.now() - started).toBeLessThan(200);
    expect(service.issues.pending()).toBe(21);
    await service.issues.settled();
    delay.disable();

    expect(service.issues.pending()).toBe(0);
    expectEachMemberOnce(club, queuedMails(club.db));
    // Generous (a batch takes a few milliseconds, a busy machine stretches that and a test runner adds its own),
    // and far below what writing the burst's 21,000 mails in one go held the loop for: seconds.
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  it('a stop part-way (the database closed under the writer) carries on at the next start: every member once', async () => {
    const club = await bigClub();
    let batches = 0;
    // Rests after every batch (its CPU clock always owes), and the club stops during the third rest.
    let cpu = 0;
    const service = newsletters(club.db, {
      cpuMicros: () => (cpu += 50_000),
      rest: async () => {
        if (++batches === 3) await club.db.destroy();
      },
    });
    for (const event of burst(club)) service.publish(event);
    await service.issues.settled();
    expect(club.db.isInitialized).toBe(false);

    const db = await openDatabase(club.dataDir);
    open.push({ db, dataDir: club.dataDir });
    const writtenBefore = queuedMails(db).length;
    expect(writtenBefore).toBe(3 * ISSUE_BATCH);
    // The next start picks up what is left, by itself.
    const restarted = newsletters(db, { rest: async () => {} });
    await restarted.issues.settled();
    expectEachMemberOnce({ ...club, db }, queuedMails(db));
  });
});
