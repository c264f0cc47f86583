import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { storedCoverPath, type BookLookup as BookLookupAnswer, type StoredCover } from '../../../shared/api/lookup';
import { RetryLater } from '../../http/errors';
import type { OpenLibrary } from './open-library';
import { resizeCover } from './cover-image';

/** What members looked up, kept an hour: the same title asked again (by the next member) costs nothing. */
const KEPT_ANSWERS = 500;
const KEPT_MS = 60 * 60 * 1000;
/** A setting changes with a restart at the earliest: a client may ask again in a day. */
const OFF_RETRY_SECONDS = 24 * 60 * 60;

/**
 * Finds books on Open Library and keeps their covers in the club. With no Open Library (OPEN_LIBRARY_URL
 * empty) both answer 503 `lookup:off`. Upstream failures are the caller's to show (502, logged by the error
 * middleware); the member fills in the form by hand.
 */
export class BookLookup {
  private readonly answers = new LRUCache<string, BookLookupAnswer>({ max: KEPT_ANSWERS, ttl: KEPT_MS });
  /** One fetch per query or cover at a time: members typing the same title share it. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly openLibrary: OpenLibrary | null,
    private readonly coversDir: string,
  ) {}

  get available(): boolean {
    return this.openLibrary !== null;
  }

  async find(query: string): Promise<BookLookupAnswer> {
    const library = this.library();
    const key = query.toLocaleLowerCase('en');
    const kept = this.answers.get(key);
    if (kept) return kept;
    return this.once(`q:${key}`, async () => {
      const answer = { books: await library.search(query) };
      this.answers.set(key, answer);
      return answer;
    });
  }

  /** The club's copy of an Open Library cover, fetched and resized the first time it is asked for. */
  async storeCover(coverId: number): Promise<StoredCover> {
    const library = this.library();
    const imageUrl = storedCoverPath(coverId);
    const file = path.join(this.coversDir, path.basename(imageUrl));
    if (fs.existsSync(file)) {
      // Stored again: a form is about to use it, so housekeeping keeps it a while (cover-pruning.ts).
      const now = new Date();
      fs.utimesSync(file, now, now);
      return { imageUrl };
    }
    return this.once(`c:${coverId}`, async () => {
      const cover = await resizeCover(await library.cover(coverId));
      fs.mkdirSync(this.coversDir, { recursive: true, mode: 0o700 });
      // Written aside and renamed: a reader never gets half a picture under the name kept for good.
      const partial = `${file}.${process.pid}.part`;
      fs.writeFileSync(partial, cover, { mode: 0o600 });
      fs.renameSync(partial, file);
      return { imageUrl };
    });
  }

  private library(): OpenLibrary {
    // Not an error to log: the host turned it off (only clients that ignore home's bookLookup ask).
    if (!this.openLibrary) throw new RetryLater(503, 'lookup:off', OFF_RETRY_SECONDS);
    return this.openLibrary;
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
