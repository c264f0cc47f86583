import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { readingPlanProblems, type PartComments, type ReadingScheduleChange, type ReadingSchedule } from '../../../shared/api/reading-plan';
import { READING_EVENTS } from '../../../shared/events';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Hub } from '../../realtime/hub';
import { userNames, type User } from '../accounts';
import type { ProgressService } from '../progress';
import type { ClubSchedule } from '../schedule';
import { partReaderTable, readingPartTable, type ReadingPartRow } from './reading-plan.entity';
import { bookPageCount, commentCounts, commentsOf, markRevealed, partsOf, passesUnmarked, readerMarks, readPart, recordReached } from './reading-plan-rows';
import { commentOf, partOf, standingOf, type Standing } from './reading-plan-view';

type Sql = BetterSqlite3.Database;

export interface ReadingPlanDeps {
  /** "I've read this far" moves the member's progress through it. */
  progress: Pick<ProgressService, 'advanceTo'>;
  hub: Pick<Hub, 'tell' | 'tellOthers'>;
  clock: Clock;
  /** Told after a schedule write: a part's due day may be the club's next scheduled work (part-due.ts). */
  schedule?: Pick<ClubSchedule, 'reschedule'>;
}

/** A book as the reading plan reads it. */
export interface PlanBook {
  bookId: number;
  pageCount: number | null;
  parts: ReadingPartRow[];
}

/**
 * A book's reading schedule, and where each member stands against its parts. A part is open to a member who
 * has reached it (their progress passed its last page, once: partReaderTable keeps it) or revealed it; its
 * comments' text reaches no one else (part-comments.service.ts writes them). Bots have no progress: every part
 * stays locked for them.
 */
export class ReadingPlanService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: ReadingPlanDeps,
  ) {}

  async schedule(bookId: number, viewer: User): Promise<ReadingSchedule> {
    const { book, standings } = this.standings(bookId, viewer);
    const counts = commentCounts(
      sqliteOf(this.db),
      book.parts.map((part) => part.id),
    );
    return { bookId, parts: book.parts.map((part) => partOf(part, counts.get(part.id) ?? 0, standings.get(part.id)!)) };
  }

  /** A part's comments for a member who reached or revealed it; only how many for anyone else. */
  async comments(bookId: number, partId: number, viewer: User): Promise<PartComments> {
    const { book, standings } = this.standings(bookId, viewer);
    const part = book.parts.find((one) => one.id === partId);
    if (!part) throw new NotFound('readingPartNotFound');
    const standing = standings.get(partId)!;
    const locked = !standing.reached && !standing.revealed;
    const sql = sqliteOf(this.db);
    if (locked) {
      const count = commentCounts(sql, [partId]).get(partId) ?? 0;
      return { part: partOf(part, count, standing), locked, count, comments: [], version: part.version };
    }
    const rows = commentsOf(sql, partId);
    const names = await userNames(
      this.db,
      rows.map((row) => row.ownerId),
    );
    const comments = rows.map((row) => commentOf(row, names.get(row.ownerId) ?? ''));
    return { part: partOf(part, rows.length, standing), locked, count: rows.length, comments, version: part.version };
  }

  /** "Show anyway": the part is open to the caller from now on. */
  async reveal(bookId: number, partId: number, viewer: User): Promise<PartComments> {
    const now = this.deps.clock.now().toISOString();
    writeTransaction(this.db, (sql) => {
      this.existingPart(sql, bookId, partId);
      markRevealed(sql, partId, viewer.id, now);
    });
    return this.comments(bookId, partId, viewer);
  }

  /** "I've read this far": the caller's progress moves to the part's last page (never back), which opens it. */
  async read(bookId: number, partId: number, viewer: User): Promise<PartComments> {
    const part = this.existingPart(sqliteOf(this.db), bookId, partId);
    await this.deps.progress.advanceTo(viewer, bookId, part.toPage);
    return this.comments(bookId, partId, viewer);
  }

  /** A member's progress changed: the parts it passes now are open to them at once, on all their screens. */
  progressChanged(user: User, bookId: number): void {
    if (user.isBot) return;
    const now = this.deps.clock.now().toISOString();
    const newly = writeTransaction(this.db, (sql) => {
      const book = this.planBook(sql, bookId);
      return recordReached(sql, book, now, user.id);
    });
    this.tellReached(bookId, newly);
  }

  /**
   * Replaces the schedule. A part sent with its partId stays that part (its comments, and who reached it); a
   * part left out goes, unless it has comments (409: a moderator moves or keeps those, never loses them).
   */
  async setSchedule(bookId: number, input: ReadingScheduleChange, viewer: User): Promise<ReadingSchedule> {
    const now = this.deps.clock.now().toISOString();
    const newly = writeTransaction(this.db, (sql) => {
      const book = this.planBook(sql, bookId);
      this.refuse(readingPlanProblems(input.parts, book.pageCount));
      const byId = new Map(book.parts.map((part) => [part.id, part]));
      const named = new Set<number>();
      for (const part of input.parts) {
        if (part.partId == null) continue;
        if (!byId.has(part.partId) || named.has(part.partId)) throw new Invalid('readingPartForeign');
        named.add(part.partId);
      }
      const counts = commentCounts(
        sql,
        book.parts.map((part) => part.id),
      );
      const leaving = book.parts.filter((part) => !named.has(part.id));
      const discussed = leaving.find((part) => (counts.get(part.id) ?? 0) > 0);
      if (discussed) throw new Conflict('readingPartHasComments', { title: discussed.title });
      for (const part of leaving) {
        deleteRows(sql, partReaderTable, { partId: part.id });
        deleteRows(sql, readingPartTable, { id: part.id });
      }
      input.parts.forEach((part, position) => {
        const fields = { position, title: part.title, toPage: part.toPage, dueOn: part.dueOn, modifiedOn: now };
        if (part.partId == null) {
          insertRow(sql, readingPartTable, { bookId, ...fields, createdOn: now });
          return;
        }
        // A new due day is a new reminder to come.
        const moved = byId.get(part.partId)!.dueOn !== part.dueOn;
        updateRows(sql, readingPartTable, { id: part.partId }, { ...fields, dueNoticeOn: moved ? null : undefined });
      });
      // Members already past a new (or moved) part reach it now.
      return recordReached(sql, { ...book, parts: partsOf(sql, bookId) }, now);
    });
    this.deps.hub.tellOthers([], READING_EVENTS.scheduleChanged, { bookId });
    this.tellReached(bookId, newly);
    this.deps.schedule?.reschedule();
    return this.schedule(bookId, viewer);
  }

  /** The book, its page count and its parts; a 404 for a book the club does not have. */
  planBook(sql: Sql, bookId: number): PlanBook {
    const book = bookPageCount(sql, bookId);
    if (!book) throw new NotFound('bookNotFound');
    return { bookId, pageCount: book.pageCount, parts: partsOf(sql, bookId) };
  }

  existingPart(sql: Sql, bookId: number, partId: number): ReadingPartRow {
    if (!bookPageCount(sql, bookId)) throw new NotFound('bookNotFound');
    const part = readPart(sql, bookId, partId);
    if (!part) throw new NotFound('readingPartNotFound');
    return part;
  }

  /**
   * Where the viewer stands against each part of the book. Progress that passes a part it has not been
   * recorded to pass (the book's page count changed since) is recorded now, so it stays passed; reads write
   * only then.
   */
  private standings(bookId: number, viewer: User): { book: PlanBook; standings: Map<number, Standing> } {
    const sql = sqliteOf(this.db);
    const book = this.planBook(sql, bookId);
    const ids = book.parts.map((part) => part.id);
    let marks = readerMarks(sql, viewer.id, ids);
    if (!viewer.isBot && passesUnmarked(sql, book, viewer.id, marks)) {
      const now = this.deps.clock.now().toISOString();
      const newly = writeTransaction(this.db, (write) => recordReached(write, this.planBook(write, bookId), now, viewer.id));
      this.tellReached(bookId, newly);
      marks = readerMarks(sql, viewer.id, ids);
    }
    return { book, standings: new Map(book.parts.map((part) => [part.id, standingOf(marks.get(part.id), !!viewer.isBot)])) };
  }

  private tellReached(bookId: number, newly: Map<string, number[]>): void {
    for (const [userId, partIds] of newly) this.deps.hub.tell([userId], READING_EVENTS.partsReached, { bookId, partIds });
  }

  /** The rules' problems (shared/api/reading-plan.ts) as one 400 naming each field. */
  private refuse(problems: Record<string, string>): void {
    const keys = Object.values(problems);
    if (keys.length === 0) return;
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [key]]));
    throw new Invalid(keys.length === 1 ? keys[0] : 'validationFailed', {}, fieldErrors);
  }
}
