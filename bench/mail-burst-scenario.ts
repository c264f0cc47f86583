// A burst of newsletter mail in the big club while members read home. Every member subscribes to allevents
// (a third to basicevents too, every second one reads Slovak), through the API as members do. Then a
// moderator starts a round and twenty members each post a suggestion into it, as fast as the API answers:
// one mail per subscriber and event, some 21,000 mails. Meanwhile a steady load reads home; the figures are
// home's latency before the burst, during it, and until the last mail is delivered, the club's CPU time,
// and how long the queue took to drain. The mail is counted where the club delivers it: the .eml files of
// its outbox (a club without SMTP_URL, as the benchmark starts it), or an SMTP sink the caller started the
// club's SMTP_URL at.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import type { Round } from '../shared/api/rounds';
import type { ClubServer } from './club-server-process';
import { inParallel, settledMail, type SeededClub } from './club-seed';
import { cpuMs, othersCpuMeter } from './proc-stats';
import { percentile } from './stats';

export const BURST_SUGGESTIONS = 20;

export interface MailBurstOptions {
  /** Home's load: connections, and answers a second they ask for in all (an open load, not as fast as possible). */
  connections: number;
  rate: number;
  /** Seconds of the same load before the burst, for comparison. */
  baselineSeconds: number;
  /** The burst's window for home's latency: from the first event until this long after the last event's answer. */
  burstWindowSeconds: number;
  /** Gives up waiting for the queue to drain after this long. */
  drainTimeoutSeconds: number;
  /** Where the club delivers: its outbox (default) or an SMTP sink (what it received so far). */
  delivered?: () => DeliveredMail[];
}

export const MAIL_BURST_DEFAULTS: MailBurstOptions = { connections: 8, rate: 200, baselineSeconds: 5, burstWindowSeconds: 5, drainTimeoutSeconds: 600 };

/** A delivered mail's recipient and Subject header (RFC 2047 words decoded or not). */
export interface DeliveredMail {
  to: string;
  subject: string;
}

interface Latencies {
  answers: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MailBurstResult {
  members: number;
  subscribers: number;
  events: number;
  /** Seconds the moderator's and members' 21 requests took, first sent to last answered, and the slowest one. */
  eventsSeconds: number;
  slowestEventMs: number;
  /** Mails expected (each subscriber once per event, the poster not for their own suggestion), delivered, and per event. */
  expectedMails: number;
  deliveredMails: number;
  mailsPerEvent: { min: number; max: number };
  /** Deliveries beyond one per member and event, members who missed an event, and mails in a language they do not read. */
  duplicates: number;
  missing: number;
  wrongLanguage: number;
  /** Seconds from the first event until every mail was in the queue (its table), and to the last mail delivered (null: not within the timeout). */
  queuedSeconds: number | null;
  drainSeconds: number | null;
  mailsPerSecond: number;
  /** CPU time the club used from the first event to the drain's end, per mail. */
  serverCpuMs: number;
  serverCpuMsPerMail: number;
  /** The club's share of one core over the drain, and over the seconds before the burst (home's load alone). */
  serverCpuShare: number;
  baselineCpuShare: number;
  home: { before: Latencies; burst: Latencies; drain: Latencies; errors: number; non2xx: number };
  othersCpuShare: number;
}

function apiClient(base: string) {
  return async function api<T = unknown>(method: string, apiPath: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(base + apiPath, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`mail burst: ${method} ${apiPath} answered ${response.status}: ${answer.slice(0, 300)}`);
    return JSON.parse(answer) as T;
  };
}

const isSlovak = (index: number) => index % 2 === 1;

/** What each outbox .eml says: its recipient and (decoded) subject, from the headers alone. */
function outboxReader(outboxDir: string) {
  const before = new Set(fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []);
  const fresh = () => (fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((file) => file.endsWith('.eml') && !before.has(file)) : []);
  return {
    count: () => fresh().length,
    read: (): DeliveredMail[] =>
      fresh().map((file) => {
        const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
        return { to: header('to'), subject: header('subject') };
      }),
  };
}

function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Home under a steady load until stopped; each answer's latency with the time it came. */
function loadHome(url: string, token: string, options: MailBurstOptions) {
  const answers: { at: number; ms: number }[] = [];
  let errors = 0;
  let non2xx = 0;
  const instance = autocannon(
    {
      url: `${url}/api/home`,
      connections: options.connections,
      overallRate: options.rate,
      duration: 3600,
      timeout: 10,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br', 'Accept-Language': 'en' },
    } as Parameters<typeof autocannon>[0],
    () => {},
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
    if (statusCode >= 200 && statusCode < 300) answers.push({ at: performance.now(), ms: responseTimeMs });
    else non2xx++;
  });
  instance.on('reqError', () => errors++);
  return {
    between(from: number, to: number): Latencies {
      const times = answers.filter((answer) => answer.at >= from && answer.at < to).map((answer) => answer.ms);
      return { answers: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), maxMs: times.length ? Math.max(...times) : Number.NaN };
    },
    stop: () => instance.stop(),
    get errors() {
      return errors;
    },
    get non2xx() {
      return non2xx;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Subscribes the members and fires the burst on the running club; waits until its mail is delivered. */
export async function measureMailBurst(
  club: SeededClub,
  server: ClubServer,
  options: MailBurstOptions = MAIL_BURST_DEFAULTS,
  log: (line: string) => void = () => {},
): Promise<MailBurstResult> {
  const api = apiClient(server.url);
  const members = club.members;
  // Newsletters of the seeding's events still being written would go to whoever subscribes now (subscribers
  // are those of the moment a batch is written) and count as the burst's: wait until the club is done.
  await settledMail(club.dataDir, options.drainTimeoutSeconds, log);
  log(`  subscribing ${members.length} members...`);
  await inParallel(members, 8, async (member, i) => {
    await api('POST', '/api/newsletters/allevents/subscribe', member.token);
    if (i % 3 === 0) await api('POST', '/api/newsletters/basicevents/subscribe', member.token);
    await api('POST', '/api/users/language', member.token, { language: isSlovak(i) ? 'sk' : 'en' });
  });
  const outbox = outboxReader(path.join(club.dataDir, 'outbox'));
  const delivered = options.delivered ?? outbox.read;
  const deliveredCount = options.delivered ? () => options.delivered!().length : outbox.count;
  const alreadyDelivered = options.delivered ? options.delivered().length : 0;

  // The club's database, read as the club writes it: the members' addresses, and the mail queued since the burst.
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  const emailOf = new Map((sql.prepare(`SELECT "id", "email" FROM "user"`).all() as { id: string; email: string }[]).map((row) => [row.id, row.email]));
  const queuedSince = sql.prepare(`SELECT COUNT(*) AS "n" FROM "mail" WHERE "createdOn" >= ?`);
  const posters = members.slice(0, BURST_SUGGESTIONS);
  const expectedMails = members.length + posters.length * (members.length - 1);
  const home = loadHome(server.url, members[members.length - 1]!.token, options);
  await sleep(1000); // warm-up, not counted
  const baselineCpu = cpuMs(server.pid);
  const baselineStart = performance.now();
  await sleep(options.baselineSeconds * 1000);
  const baselineCpuShare = (cpuMs(server.pid) - baselineCpu) / (performance.now() - baselineStart);

  log(`  a round and ${BURST_SUGGESTIONS} suggestions, ${expectedMails} mails to go...`);
  const cpuBefore = cpuMs(server.pid);
  const others = othersCpuMeter([server.pid]);
  const burstStart = performance.now();
  const burstStartIso = new Date().toISOString();
  const eventTimes: number[] = [];
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      eventTimes.push(performance.now() - started);
    }
  };
  const round = await timed(() => api<Round>('POST', '/api/rounds', club.admin.token, { topic: 'Books', title: 'Mail burst', description: null }));
  await Promise.all(
    posters.map((poster, k) =>
      timed(() =>
        api('POST', `/api/discussions/${round.bookDiscussionId}`, poster.token, {
          title: `Burst book ${k + 1}`,
          author: 'Bench Author',
          pageCount: 300,
          url: null,
          text: 'A book for the burst.',
        }),
      ),
    ),
  );
  const eventsEnd = performance.now();

  let lastCount = -1;
  let lastChange = performance.now();
  let drainEnd: number | null = null;
  let queuedAt: number | null = null;
  while (performance.now() - burstStart < options.drainTimeoutSeconds * 1000) {
    if (queuedAt === null && (queuedSince.get(burstStartIso) as { n: number }).n >= expectedMails) queuedAt = performance.now();
    const count = deliveredCount() - alreadyDelivered;
    if (count >= expectedMails) {
      drainEnd = performance.now();
      break;
    }
    if (count !== lastCount) [lastCount, lastChange] = [count, performance.now()];
    if (performance.now() - lastChange > 60_000) break;
    await sleep(100);
  }
  const drainedAt = drainEnd ?? performance.now();
  const serverCpuMs = cpuMs(server.pid) - cpuBefore;
  const othersCpuShare = others();
  home.stop();
  sql.close();
  if (server.ended()) throw new Error(`the club server ${server.ended()} during the mail burst`);

  const mails = delivered().slice(alreadyDelivered);
  const byEvent = new Map<string, Map<string, number>>();
  let wrongLanguage = 0;
  const slovakOf = new Map(members.map((member, i) => [emailOf.get(member.id)!, isSlovak(i)]));
  for (const { to, subject: encoded } of mails) {
    const mail = { to, subject: decodeWords(encoded) };
    const event = mail.subject.replace(/^\[[^\]]*\] /, '').replace(/^(New round|Nové kolo|New suggestion|Nový návrh): /, '');
    const recipients = byEvent.get(event) ?? new Map<string, number>();
    recipients.set(mail.to, (recipients.get(mail.to) ?? 0) + 1);
    byEvent.set(event, recipients);
    const slovakSubject = /^\[[^\]]*\] (Nové kolo|Nový návrh)/.test(mail.subject);
    if (slovakOf.has(mail.to) && slovakOf.get(mail.to) !== slovakSubject) wrongLanguage++;
  }
  let duplicates = 0;
  for (const recipients of byEvent.values()) for (const n of recipients.values()) duplicates += n - 1;
  const perEvent = [...byEvent.values()].map((recipients) => recipients.size);
  const events = 1 + posters.length;
  const distinct = perEvent.reduce((sum, n) => sum + n, 0);
  const drainSeconds = drainEnd === null ? null : (drainEnd - burstStart) / 1000;
  return {
    members: members.length,
    subscribers: members.length,
    events,
    eventsSeconds: (eventsEnd - burstStart) / 1000,
    slowestEventMs: Math.max(...eventTimes),
    expectedMails,
    deliveredMails: mails.length,
    mailsPerEvent: { min: perEvent.length ? Math.min(...perEvent) : 0, max: perEvent.length ? Math.max(...perEvent) : 0 },
    duplicates,
    missing: expectedMails - distinct,
    wrongLanguage,
    queuedSeconds: queuedAt === null ? null : (queuedAt - burstStart) / 1000,
    drainSeconds,
    mailsPerSecond: mails.length / ((drainedAt - burstStart) / 1000),
    serverCpuMs,
    serverCpuMsPerMail: serverCpuMs / Math.max(1, mails.length),
    serverCpuShare: serverCpuMs / (drainedAt - burstStart),
    baselineCpuShare,
    home: {
      before: home.between(burstStart - options.baselineSeconds * 1000, burstStart),
      burst: home.between(burstStart, eventsEnd + options.burstWindowSeconds * 1000),
      drain: home.between(burstStart, drainedAt),
      errors: home.errors,
      non2xx: home.non2xx,
    },
    othersCpuShare,
  };
}
