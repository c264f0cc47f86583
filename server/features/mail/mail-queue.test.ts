import path from 'node:path';
import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteOf } from '../../db/data-source';
import { findRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { openMailDb, tempDir } from '../../test-support/mail';
import { mailTable } from './mail.entity';
import { MailQueue } from './mail-queue';
import type { ComposedMail, MailTransport, OutgoingMail } from './mail-message';

const FROM = '"Test Club" <bookclub@localhost>';
const SECOND = 1_000;

/** A transport that records what it sends, fails while told to, and can hold a send open. */
function fakeTransport() {
  const sent: ComposedMail[] = [];
  let failure: Error | null = null;
  let inFlight = 0;
  let maxInFlight = 0;
  let gate: Promise<void> | null = null;
  const transport: MailTransport = {
    async send(mail) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await gate;
        if (failure) throw failure;
        sent.push(mail);
      } finally {
        inFlight--;
      }
    },
  };
  return {
    transport,
    sent,
    failWith(error: Error | null) {
      failure = error;
    },
    /** Holds every send until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

function invitation(to: string): OutgoingMail {
  return { to, subject: 'You are invited', text: `Set your password: http://localhost/passwordreset/${to}/token` };
}

const open: { db: DataSource; queue: MailQueue }[] = [];
async function setup(options: Partial<ConstructorParameters<typeof MailQueue>[1]> & { transport: MailTransport }) {
  const db = await openMailDb(path.join(tempDir(), 'bookclub.db'));
  const queue = new MailQueue(db, { from: FROM, log: () => {}, ...options });
  open.push({ db, queue });
  return { db, queue, rows: () => findRows(sqliteOf(db), mailTable, 'all', { orderBy: 'id' }) };
}

afterEach(async () => {
  for (const { db, queue } of open.splice(0)) {
    await queue.stop();
    await db.destroy();
  }
});

describe('MailQueue', () => {
  it('keeps queued mail in the table until the worker or a flush sends it', async () => {
    const fake = fakeTransport();
    const { queue, rows } = await setup({ transport: fake.transport });

    queue.enqueue([invitation('ann@club.test'), invitation('bob@club.test')]);
    expect(rows().map((r) => [r.to, r.attempts, r.sentOn])).toEqual([
      ['ann@club.test', 0, null],
      ['bob@club.test', 0, null],
    ]);
    expect(fake.sent).toEqual([]);

    expect(await queue.flush()).toBe(2);
    // The envelope's sender is the From's address.
    expect(fake.sent.map((m) => [m.to, m.from])).toEqual([
      ['ann@club.test', 'bookclub@localhost'],
      ['bob@club.test', 'bookclub@localhost'],
    ]);
    expect(fake.sent[0]!.message.toString()).toMatch(/^From: Test Club <bookclub@localhost>\r\nTo: ann@club.test\r\nSubject: You are invited\r\n/);
    const after = rows();
    expect(after.every((r) => r.sentOn !== null && r.attempts === 1)).toBe(true);
    // The set-password link is not kept once it has gone out.
    expect(after.map((r) => r.text)).toEqual(['', '']);
    expect(await queue.flush()).toBe(0);
  });

  it('sends new mail in the background once started, without a flush', async () => {
    const fake = fakeTransport();
    const { queue } = await setup({ transport: fake.transport, pollMs: 60 * SECOND });
    queue.start();
    queue.enqueue([invitation('ann@club.test')]);
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1), { timeout: 2_000, interval: 5 });
  });

  it('backs off per retryDelaysMs, repeats the last delay forever and records the last error', async () => {
    let clock = Date.parse('2026-11-22T06:00:00.000Z');
    const fake = fakeTransport();
    const { queue, rows } = await setup({ transport: fake.transport, retryDelaysMs: [30 * SECOND, 120 * SECOND], now: () => clock });
    queue.enqueue([invitation('ann@club.test')]);

    fake.failWith(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    const tryAt = async (offsetMs: number) => {
      clock += offsetMs;
      return queue.flush();
    };
    expect(await tryAt(0)).toBe(0);
    let [row] = rows();
    expect(row).toMatchObject({ attempts: 1, sentOn: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25', nextAttemptOn: '2026-11-22T06:00:30.000Z' });

    await tryAt(30 * SECOND - 1); // not yet due: no try
    expect(rows()[0]!.attempts).toBe(1);
    await tryAt(1);
    expect(rows()[0]).toMatchObject({ attempts: 2, nextAttemptOn: '2026-11-22T06:02:30.000Z' });
    await tryAt(120 * SECOND);
    expect(rows()[0]).toMatchObject({ attempts: 3, nextAttemptOn: '2026-11-22T06:04:30.000Z' });

    fake.failWith(new Error('421 try again later'));
    await tryAt(120 * SECOND);
    [row] = rows();
    expect(row).toMatchObject({ attempts: 4, sentOn: null, lastError: '421 try again later', nextAttemptOn: '2026-11-22T06:06:30.000Z' });

    fake.failWith(null);
    expect(await tryAt(120 * SECOND)).toBe(1);
    expect(rows()[0]).toMatchObject({ attempts: 5, sentOn: '2026-11-22T06:06:30.000Z' });
    expect(fake.sent).toHaveLength(1);
  });

  it('a restart tries mail in back-off at once, then backs off again', async () => {
    let clock = Date.parse('2026-11-22T06:00:00.000Z');
    const fake = fakeTransport();
    const { db, queue, rows } = await setup({ transport: fake.transport, now: () => clock });
    fake.failWith(new Error('connect ECONNREFUSED'));
    queue.enqueue([invitation('ann@club.test')]);
    await queue.flush();
    await queue.stop();

    clock += 1_000; // well inside the 30 s back-off
    const restarted = new MailQueue(db, { transport: fake.transport, from: FROM, log: () => {}, now: () => clock });
    open.push({ db: { destroy: async () => {} } as DataSource, queue: restarted });
    await restarted.flush();
    expect(rows()[0]).toMatchObject({ attempts: 2, nextAttemptOn: '2026-11-22T06:02:01.000Z' });
    expect(await restarted.flush()).toBe(0); // the back-off holds again within the run
    expect(rows()[0]!.attempts).toBe(2);
  });

  it('sends sendsAtOnce mails at a time, each once, however flushes and the worker overlap', async () => {
    const fake = fakeTransport();
    const { queue, rows } = await setup({ transport: fake.transport, pollMs: 1, sendsAtOnce: 2 });
    const release = fake.hold();
    queue.enqueue(['a', 'b', 'c', 'd', 'e'].map((n) => invitation(`${n}@club.test`)));
    queue.start();
    const flushes = [queue.flush(), queue.flush()];
    await new Promise((resolve) => setTimeout(resolve, 20)); // the 1 ms poll fires many times meanwhile
    expect(fake.maxInFlight).toBe(2);
    release();
    await Promise.all(flushes);
    await queue.stop();

    expect(fake.maxInFlight).toBe(2);
    expect(fake.sent.map((m) => m.to)).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@club.test`));
    expect(rows().every((r) => r.attempts === 1 && r.sentOn)).toBe(true);
  });

  it("sends one member's mails one after another, in the order queued, while others' go beside them", async () => {
    const fake = fakeTransport();
    const toAnnAtOnce = { now: 0, most: 0 };
    const transport: MailTransport = {
      async send(mail) {
        const toAnn = mail.to === 'ann@club.test';
        if (toAnn) toAnnAtOnce.most = Math.max(toAnnAtOnce.most, ++toAnnAtOnce.now);
        try {
          await fake.transport.send(mail);
        } finally {
          if (toAnn) toAnnAtOnce.now--;
        }
      },
    };
    const { queue } = await setup({ transport, sendsAtOnce: 4 });
    const release = fake.hold();
    queue.enqueue([1, 2, 3].flatMap((n) => [{ ...invitation('ann@club.test'), subject: `Ann ${n}` }, invitation(`other${n}@club.test`)]));
    const flushing = queue.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Ann's first and the three others are on their way; Ann's second waits for her first.
    expect(fake.maxInFlight).toBe(4);
    release();
    expect(await flushing).toBe(6);
    expect(toAnnAtOnce.most).toBe(1);
    expect(fake.sent.filter((m) => m.to === 'ann@club.test').map((m) => /Subject: (.*)\r\n/.exec(m.message.toString())![1])).toEqual([
      'Ann 1',
      'Ann 2',
      'Ann 3',
    ]);
  });

  it('stop waits for the sends in flight and records them; the rest stays queued for the next start', async () => {
    const fake = fakeTransport();
    const { queue, rows } = await setup({ transport: fake.transport, sendsAtOnce: 2 });
    const release = fake.hold();
    queue.enqueue([invitation('ann@club.test'), invitation('bob@club.test'), invitation('cy@club.test')]);
    queue.start();
    await vi.waitFor(() => expect(fake.maxInFlight).toBe(2), { timeout: 2_000, interval: 5 });

    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(rows().map((r) => [r.to, r.sentOn !== null])).toEqual([
      ['ann@club.test', true],
      ['bob@club.test', true],
      ['cy@club.test', false],
    ]);
    queue.start();
    await vi.waitFor(() => expect(fake.sent).toHaveLength(3), { timeout: 2_000, interval: 5 });
  });

  it("commits and rolls back with the caller's own write transaction", async () => {
    const fake = fakeTransport();
    const { db, queue, rows } = await setup({ transport: fake.transport });
    expect(() =>
      writeTransaction(db, () => {
        queue.enqueue([invitation('ann@club.test')]);
        throw new Error('the registration failed after all');
      }),
    ).toThrow('the registration failed');
    writeTransaction(db, () => queue.enqueue([invitation('bob@club.test')]));
    expect(rows().map((r) => r.to)).toEqual(['bob@club.test']);
  });

  it('rests between mails so that its CPU time stays a quarter of the time, and not while stopping', async () => {
    const fake = fakeTransport();
    let cpu = 0;
    const rests: number[] = [];
    const { queue } = await setup({
      transport: { send: async (mail) => ((cpu += 4_000), fake.transport.send(mail)) },
      cpuMicros: () => cpu,
      rest: async (ms) => void rests.push(ms),
      sendsAtOnce: 1,
    });
    queue.enqueue(['a', 'b', 'c', 'd', 'e'].map((name) => invitation(`${name}@club.test`)));
    expect(await queue.flush()).toBe(5);
    // 4 ms of CPU a mail at a share of 0.25 is 12 ms of rest after each one.
    expect(rests).toEqual([12, 12, 12, 12, 12]);
    expect(fake.sent).toHaveLength(5);
  });

  it('paces mails sent side by side together: one rest for all of them, owed for all their CPU', async () => {
    let cpu = 0;
    const rests: number[] = [];
    const fake = fakeTransport();
    const { queue } = await setup({
      transport: { send: async (mail) => ((cpu += 4_000), fake.transport.send(mail)) },
      cpuMicros: () => cpu,
      rest: async (ms) => void rests.push(ms),
      sendsAtOnce: 4,
    });
    queue.enqueue(Array.from({ length: 8 }, (_, i) => invitation(`m${i}@club.test`)));
    expect(await queue.flush()).toBe(8);
    // 8 mails of 4 ms at a quarter of a core owe 96 ms of rest in all, however the lanes met it.
    expect(rests.reduce((sum, ms) => sum + ms, 0)).toBe(96);
    expect(fake.sent).toHaveLength(8);
  });

  it('gathers rests too short for a timer, and refuses a CPU share outside (0, 1]', async () => {
    let cpu = 0;
    const rests: number[] = [];
    const { queue } = await setup({
      transport: { send: async () => void (cpu += 500) },
      cpuMicros: () => cpu,
      rest: async (ms) => void rests.push(ms),
      cpuShare: 0.5,
      sendsAtOnce: 1,
    });
    queue.enqueue(Array.from({ length: 20 }, (_, i) => invitation(`m${i}@club.test`)));
    expect(await queue.flush()).toBe(20);
    // 0.5 ms of rest a mail, taken every 10 mails as 5 ms.
    expect(rests).toEqual([5, 5]);
    for (const cpuShare of [0, 1.5, Number.NaN]) {
      expect(() => new MailQueue({} as DataSource, { transport: fakeTransport().transport, from: FROM, cpuShare })).toThrow(/cpuShare/);
    }
  });

  it('refuses retry delays that would retry within the same pass', () => {
    expect(() => new MailQueue({} as DataSource, { transport: fakeTransport().transport, from: FROM, retryDelaysMs: [0] })).toThrow();
    expect(() => new MailQueue({} as DataSource, { transport: fakeTransport().transport, from: FROM, retryDelaysMs: [] })).toThrow();
    expect(() => new MailQueue({} as DataSource, { transport: fakeTransport().transport, from: FROM, sendsAtOnce: 0 })).toThrow(/sendsAtOnce/);
  });
});
