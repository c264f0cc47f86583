import { Worker } from 'node:worker_threads';
import { workerScript, type WorkerFailure } from './club/club-worker';
import type { BookPageFields } from './features/scrape/book-page';
import type { ShelfBook } from './features/shelves/shelf-book';

/**
 * Pages from other sites (a member's Goodreads or StoryGraph shelf, a Goodreads book page) read in a worker
 * thread of their own (page-reader-worker.ts), never on the thread that answers members: a hostile or broken
 * page costs that thread's time and memory, within limits, and the club answers meanwhile. One page at a
 * time; the thread is started on the first and ended once idle.
 */
export type PageJob =
  | { kind: 'goodreadsFeed'; body: Uint8Array }
  | { kind: 'storygraphPage'; body: Uint8Array; externalUserId: string; base: string }
  | { kind: 'bookPage'; body: Uint8Array; bookId: string | null };

/** What each kind of page reads as. */
export interface PageResults {
  goodreadsFeed: ShelfBook[];
  storygraphPage: ShelfBook[];
  bookPage: BookPageFields | null;
}

/** The worker's answer to one job. */
export type PageAnswer = { read: unknown } | { refused: PageRefusal; message: string } | { failure: WorkerFailure };
/** notUnderstood: not the page expected (a shelf reader's ShelfNotUnderstood); tooComplex: past the limits. */
export type PageRefusal = 'notUnderstood' | 'tooComplex';

/** A page that was not read: why, and what the reader or the thread said. */
export class PageNotRead extends Error {
  constructor(
    readonly reason: PageRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The thread's own bounds, beyond those the parsing keeps (features/shelves/markup.ts): a page that still
 * runs this long (a pathological regular expression) ends the thread, and its heap is capped, so running out
 * of it ends the thread rather than the club.
 */
const DEADLINE_MS = 10_000;
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 };
/** How long the thread may take to start (load its script) before the page is given up. */
const START_MS = 30_000;
/** How long an idle thread waits for the next page: a schedule's pass reads two shelves, a member a few links. */
const IDLE_MS = 15_000;

let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads a page in the thread; PageNotRead when it could not (refused, past the limits, the thread ended, or
 * not done within `deadlineMs`, which tests shorten).
 */
export function readPage<K extends PageJob['kind']>(job: Extract<PageJob, { kind: K }>, deadlineMs = DEADLINE_MS): Promise<PageResults[K]> {
  const run = queue.then(() => readNow(job, deadlineMs));
  queue = run.catch(() => {});
  return run as Promise<PageResults[K]>;
}

/**
 * The thread, started and ready: its deadlines count the page's reading, not the thread's start (loading
 * its script takes a second or more on a busy machine), which has a limit of its own.
 */
async function started(): Promise<Worker> {
  if (worker) return worker;
  const thread = new Worker(await workerScript('pageReader'), { resourceLimits: RESOURCE_LIMITS });
  // Never what keeps the server's process alive.
  thread.unref();
  // Told to the job under way by its own listener; between jobs an ended thread is simply replaced.
  thread.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`the reading thread did not start within ${START_MS} ms`), START_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      thread.off('message', ready);
      thread.off('exit', onExit);
      void thread.terminate();
      reject(new PageNotRead('tooComplex', why));
    };
    const ready = () => {
      clearTimeout(timer);
      thread.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number) => fail(`the reading thread ended as it started (exit code ${code})`);
    thread.once('message', ready);
    thread.once('exit', onExit);
  });
  thread.on('exit', () => {
    if (worker === thread) worker = null;
  });
  worker = thread;
  return thread;
}

function ended(thread: Worker): void {
  if (worker === thread) worker = null;
  void thread.terminate();
}

async function readNow(job: PageJob, deadlineMs: number): Promise<unknown> {
  if (idle) clearTimeout(idle);
  idle = null;
  const thread = await started();
  // Only once it is ready: a page's reading is counted from here.
  let broken = false;
  try {
    const answer = await new Promise<PageAnswer>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        settle();
        broken = true;
        reject(new PageNotRead('tooComplex', `not read within ${deadlineMs} ms`));
      }, deadlineMs);
      const onError = (error: Error) => {
        settle();
        broken = true;
        // ERR_WORKER_OUT_OF_MEMORY: the page took more than the thread's heap.
        reject(new PageNotRead('tooComplex', `the reading thread failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
      };
      const onExit = (code: number) => {
        settle();
        broken = true;
        reject(new PageNotRead('tooComplex', `the reading thread ended (exit code ${code})`));
      };
      const onMessage = (answer: PageAnswer) => {
        settle();
        resolve(answer);
      };
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      // The bytes as they came (UTF-8), handed over rather than copied: decoding them is the thread's work too.
      // Only bytes that have their memory to themselves are handed over; a small Buffer shares Node's pool,
      // so it is copied (a Uint8Array of it; a Buffer's slice would still share the pool).
      const whole = job.body.byteOffset === 0 && job.body.byteLength === job.body.buffer.byteLength;
      const body = whole ? job.body : new Uint8Array(job.body);
      thread.postMessage({ ...job, body }, [body.buffer as ArrayBuffer]);
    });
    if ('read' in answer) return answer.read;
    if ('refused' in answer) throw new PageNotRead(answer.refused, answer.message);
    // A reader's own bug: as it would have been thrown here.
    throw Object.assign(new Error(answer.failure.message), { name: answer.failure.name, stack: answer.failure.stack });
  } catch (error) {
    // A thread that failed or ran out of time is not trusted with the next page. One that refused a page
    // itself is kept: starting another costs the members' thread more than the garbage left behind, which
    // is collected, or goes with the thread once idle.
    if (broken) ended(thread);
    throw error;
  } finally {
    if (worker === thread) {
      idle = setTimeout(() => worker === thread && ended(thread), IDLE_MS);
      idle.unref();
    }
  }
}
