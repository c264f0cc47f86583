import etag from 'etag';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { isModerator } from '../../shared/rules';
import { COMPRESSION_THRESHOLD, compressedForm, encodingFor, type AnswerEncoding } from './answer-encoding';
import { refusal, type Role } from './auth';
import type { AppContext, AppState } from './context';

/**
 * Whose answer a cached read is: the same for every caller; one for moderators and one for everyone else
 * (what only moderators see); or one per member (their vote, their profile).
 */
export type AnswerSharing = 'for-everyone' | 'per-role' | 'per-member';

/**
 * An answer as it goes out: serialised once into bytes (a string would be encoded again on every send),
 * with their tag, and compressed once per encoding a client asks for: compressing a 300 KB discussion for
 * every request cost more than all else in serving it, and held a compressor's window per request in flight.
 */
export class ReadyAnswer {
  readonly etag: string;
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {
    this.etag = etag(json);
  }

  /** The bytes in `encoding`, compressed on first use (off the main thread) and kept with the answer. */
  encodedAs(encoding: AnswerEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compressedForm(this.json, encoding);
      this.encoded.set(encoding, bytes);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => this.encoded.delete(encoding));
    }
    return bytes;
  }
}

/** A read route whose answers are kept: enough to find a caller's kept answer before the router runs. */
export interface KeptRoute {
  operationId: string;
  sharing: AnswerSharing;
  who: Role | 'anonymous';
  botsMay: boolean;
}

/** Whose answer a request gets: the parts of the request a kept answer may depend on. */
export type Caller = Pick<AppState, 'user' | 'fromHostMachine' | 'language' | 'tokenRejected'>;

/**
 * The hot reads of a large club (a 300 KB discussion, the 737 KB member list, the homes of the members
 * reading now) within the server's memory goal of 150 MiB: at 24 MiB, the homes of 1,000 members read
 * between two writes took the server from 137 to 158 MiB (bench); an answer that no longer fits is
 * computed again when next asked.
 */
const MAX_CACHED_BYTES = 8 * 1024 * 1024;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads answered from memory until a write may have changed them. The club's data changes through the
 * API's writes, and now and then through another connection (see `outsideVersion`); instead of knowing
 * which write touches which answer, every write forgets every answer: reads far outnumber writes in a club.
 *
 * A read computed while a write was in flight is answered but not kept (it may have seen the database
 * before the write committed, and the write's live-update broadcast goes out before its HTTP answer), and
 * neither is one whose write finished while it was being computed: a kept answer was computed entirely
 * after the last write ended. Serving a read never waits for anything.
 */
export class AnswerCache {
  private readonly answers = new LRUCache<string, ReadyAnswer>({
    maxSize: MAX_CACHED_BYTES,
    // The JSON, and room for its brotli and gzip forms (JSON compresses to well under a quarter).
    sizeCalculation: (answer) => Math.ceil(answer.json.byteLength * 1.5) + 200,
  });
  /** Small values read on every request (the signed-in account's row), kept the same way as answers. */
  private readonly values = new LRUCache<string, { value: unknown }>({ max: 5_000 });
  /** Which kept route answered each path and query (the same path always goes to the same route). */
  private readonly routeOfUrl = new LRUCache<string, KeptRoute>({ max: 10_000 });
  /**
   * Answers being computed with nothing written since they began, by key and era: callers that arrive
   * meanwhile get the same one: after a write, 64 readers of a 600 KiB member list would otherwise each
   * build and serialise the whole list at once.
   */
  private readonly computing = new Map<string, Record<number, Promise<ReadyAnswer>>>();
  private writesInFlight = 0;
  /** Moves on at the end of every write; an answer computed across a change of era is not kept. */
  private era = 0;
  private lastOutsideVersion: number | undefined;
  private lookedThisTurn = false;

  /**
   * @param outsideVersion SQLite's `PRAGMA data_version`: it moves when another connection commits (the
   * `create-admin` command while the club runs, a host's own sqlite3 session), writes the API never saw.
   */
  constructor(private readonly outsideVersion: () => number = () => 0) {}

  /** Counts the API's writes in and out; every one, refused or not, forgets what was kept. */
  watchWrites(): Middleware<AppState> {
    return async (ctx, next) => {
      if (READ_METHODS.has(ctx.method) || !(ctx.path === '/api' || ctx.path.startsWith('/api/'))) return next();
      this.writesInFlight += 1;
      this.forget();
      try {
        await next();
      } finally {
        this.writesInFlight -= 1;
        this.forget();
      }
    };
  }

  /** Forgets every kept answer: after a write that did not come through the API (housekeeping, imports). */
  forget(): void {
    this.era += 1;
    // lru-cache's clear walks its whole capacity even when empty; a vote storm forgets twice per ballot.
    if (this.answers.size > 0) this.answers.clear();
    if (this.values.size > 0) this.values.clear();
  }

  /**
   * Forgets everything when another connection has committed since the last look. Asking SQLite costs more
   * than answering a kept read otherwise would, so it is asked once per turn of the event loop: the
   * requests that arrived together are served as of the same moment.
   */
  private noticeOutsideWrites(): void {
    if (this.lookedThisTurn) return;
    this.lookedThisTurn = true;
    setImmediate(() => (this.lookedThisTurn = false));
    const outside = this.outsideVersion();
    if (outside !== this.lastOutsideVersion) {
      this.lastOutsideVersion = outside;
      this.forget();
    }
  }

  /**
   * `compute`'s value for `key`, kept until the next write like an answer. For a synchronous read that
   * every request makes (a value must not be changed by whoever gets it: the next caller gets it too).
   */
  kept<T>(key: string, compute: () => T): T {
    this.noticeOutsideWrites();
    if (this.writesInFlight > 0) return compute();
    const kept = this.values.get(key);
    if (kept) return kept.value as T;
    const value = compute();
    this.values.set(key, { value });
    return value;
  }

  /**
   * The kept answer under `key`, or `compute`'s, kept when nothing was written meanwhile. `bytesOf` turns
   * the value into what goes out: JSON unless said otherwise (a calendar is text).
   */
  async answer(key: string, compute: () => unknown, bytesOf: (value: unknown) => Buffer = toJson): Promise<ReadyAnswer> {
    this.noticeOutsideWrites();
    const quiet = this.writesInFlight === 0;
    if (quiet) {
      const kept = this.answers.get(key) ?? this.computing.get(key)?.[this.era];
      if (kept) return kept;
    }
    const era = this.era;
    const computing = (async () => new ReadyAnswer(bytesOf(await compute())))();
    if (quiet) {
      this.computing.set(key, { [era]: computing });
      const done = () => {
        if (this.computing.get(key)?.[era] === computing) this.computing.delete(key);
      };
      computing.then(done, done);
    }
    const answer = await computing;
    if (quiet && this.writesInFlight === 0 && this.era === era) this.answers.set(key, answer);
    return answer;
  }

  /** A route's answer for this caller and URL: kept, or computed (and kept when nothing was written meanwhile). */
  async answerRead(route: KeptRoute, caller: Caller, url: string, compute: () => unknown): Promise<ReadyAnswer> {
    const answer = await this.answer(keyOf(route, caller, url), compute);
    this.routeOfUrl.set(url, route);
    return answer;
  }

  /**
   * Answers a GET from what is kept, before the rest of the chain (body parsing, the router, the route's
   * own guards) runs: once a route has answered a URL, its kept answer for this caller goes straight out
   * when the caller may call the route. Anything else goes on down the chain. Runs after the caller is
   * known (language, account, host machine).
   */
  serveKept(): Middleware<AppState> {
    return async (ctx, next) => {
      if (ctx.method !== 'GET') return next();
      const route = this.routeOfUrl.get(ctx.url);
      if (!route || refusal(ctx.state, route.who, ctx.method, route) || this.writesInFlight > 0) return next();
      this.noticeOutsideWrites();
      const kept = this.answers.get(keyOf(route, ctx.state, ctx.url));
      if (!kept) return next();
      await sendAnswer(ctx, kept);
    };
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.answers.size;
  }
}

const toJson = (value: unknown) => Buffer.from(JSON.stringify(value));

/** The key of a caller's answer: the route, whose answer it is (see AnswerSharing), the language and the URL. */
function keyOf(route: KeptRoute, { user, fromHostMachine, language }: Caller, url: string): string {
  const caller =
    route.sharing === 'per-member'
      ? `${user?.id ?? 'visitor'} ${fromHostMachine ? 'host' : 'away'} `
      : route.sharing === 'per-role'
        ? `${!user ? 'visitor' : isModerator(user) ? 'moderator' : 'member'} `
        : '';
  return `${route.operationId} ${caller}${language} ${url}`;
}

/**
 * Sends a ready answer as the rest of the chain would: tagged, private and revalidated, a 304 to a client
 * that has these bytes, else compressed as the client asks (the form kept with the answer).
 */
export async function sendAnswer(ctx: AppContext, ready: ReadyAnswer, type = 'application/json; charset=utf-8'): Promise<void> {
  ctx.body = ready.json;
  ctx.type = type;
  ctx.set('ETag', ready.etag);
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  const encoding = ready.json.byteLength >= COMPRESSION_THRESHOLD ? encodingFor(ctx.get('Accept-Encoding')) : null;
  if (encoding) {
    ctx.body = await ready.encodedAs(encoding);
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  }
}
