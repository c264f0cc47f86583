import type BetterSqlite3 from 'better-sqlite3';
import { reachesPage } from '../../../shared/reading-progress';
import { findRow, findRows, findRowsIn, statement } from '../../db/table';
import type { Language } from '../../../shared/constants';
import { userTable } from '../accounts';
import { bookTable } from '../books';
import { postTable } from '../discussions';
import { newsletterSubscriptionTable } from '../newsletters';
import { readingProgressTable } from '../progress';
import { partCommentTable, partReaderTable, readingPartTable, type PartCommentRow, type PartReaderRow, type ReadingPartRow } from './reading-plan.entity';

type Sql = BetterSqlite3.Database;

/**
 * The reading plan's rows as its services read and change them (synchronous, inside `writeTransaction` for
 * writes, so a check made here still holds when the write lands).
 */
const parts = readingPartTable;
const comments = partCommentTable;
const readers = partReaderTable;

/** The book's title and page count (from its winning suggestion; null when unknown); undefined when there is no such book. */
export function bookPageCount(sql: Sql, bookId: number): { pageCount: number | null; title: string } | undefined {
  const book = findRow(sql, bookTable, { id: bookId });
  if (!book) return undefined;
  const post = findRow(sql, postTable, { id: book.postId });
  return { pageCount: post?.pageCount || null, title: post?.title ?? '' };
}

/** A book's parts in reading order. */
export function partsOf(sql: Sql, bookId: number): ReadingPartRow[] {
  return findRows(sql, parts, { bookId }, { orderBy: 'position' });
}

/** One part of one book (a part of another book is none of this one's). */
export function readPart(sql: Sql, bookId: number, partId: number): ReadingPartRow | undefined {
  return findRow(sql, parts, { id: partId, bookId });
}

/** How many comments each part has (parts without any are left out). */
export function commentCounts(sql: Sql, partIds: readonly number[]): Map<number, number> {
  if (partIds.length === 0) return new Map();
  const rows = statement(
    sql,
    `SELECT ${comments.column('partId')}, COUNT(*) FROM ${comments.name}
     WHERE ${comments.column('partId')} IN (SELECT "value" FROM json_each(?)) GROUP BY ${comments.column('partId')}`,
  )
    .raw()
    .all(JSON.stringify(partIds)) as [number, number][];
  return new Map(rows);
}

export function commentsOf(sql: Sql, partId: number): PartCommentRow[] {
  return findRows(sql, comments, { partId }, { orderBy: 'id' });
}

export function readComment(sql: Sql, partId: number, commentId: number): PartCommentRow | undefined {
  return findRow(sql, comments, { id: commentId, partId });
}

/** The caller's reached and revealed marks on these parts, by part. */
export function readerMarks(sql: Sql, userId: string, partIds: readonly number[]): Map<number, PartReaderRow> {
  if (partIds.length === 0) return new Map();
  const raws = statement(
    sql,
    `SELECT * FROM ${readers.name} WHERE ${readers.column('partId')} IN (SELECT "value" FROM json_each(?)) AND ${readers.column('userId')} = ?`,
  ).all(JSON.stringify(partIds), userId) as Record<string, unknown>[];
  return new Map(raws.map((raw) => readers.fromSql(raw)).map((row) => [row.partId, row]));
}

/** Everyone for whom a part is open (reached or revealed). */
export function partReaders(sql: Sql, partId: number): string[] {
  return findRows(sql, readers, { partId }, { select: ['userId'] }).map((row) => row.userId);
}

/** Marks a part reached by a member; answers whether it was not before (a revealed part may be reached later). */
export function markReached(sql: Sql, partId: number, userId: string, now: string): boolean {
  return (
    statement(
      sql,
      `INSERT INTO ${readers.name} (${readers.column('partId')}, ${readers.column('userId')}, ${readers.column('reachedOn')}) VALUES (?, ?, ?)
       ON CONFLICT (${readers.column('partId')}, ${readers.column('userId')}) DO UPDATE SET ${readers.column('reachedOn')} = excluded.${readers.column('reachedOn')} WHERE ${readers.qualified('reachedOn')} IS NULL`,
    ).run(partId, userId, now).changes > 0
  );
}

/** Marks a part revealed ("show anyway") for a member, once. */
export function markRevealed(sql: Sql, partId: number, userId: string, now: string): void {
  statement(
    sql,
    `INSERT INTO ${readers.name} (${readers.column('partId')}, ${readers.column('userId')}, ${readers.column('revealedOn')}) VALUES (?, ?, ?)
     ON CONFLICT (${readers.column('partId')}, ${readers.column('userId')}) DO UPDATE SET ${readers.column('revealedOn')} = excluded.${readers.column('revealedOn')} WHERE ${readers.qualified('revealedOn')} IS NULL`,
  ).run(partId, userId, now);
}

/**
 * Marks reached every part of `bookParts` that the progress of its members (of `userId` alone when given)
 * passes now, bots never (they have no progress of their own to keep them out); answers the parts newly
 * reached, by member. Reading and writing progress both come through here, so whatever passed a part was
 * recorded when it did, and a later lower page or page count cannot seal it again.
 */
export function recordReached(
  sql: Sql,
  book: { bookId: number; pageCount: number | null; parts: readonly ReadingPartRow[] },
  now: string,
  userId?: string,
): Map<string, number[]> {
  const newly = new Map<string, number[]>();
  if (book.parts.length === 0) return newly;
  const progress = findRows(sql, readingProgressTable, userId === undefined ? { bookId: book.bookId } : { bookId: book.bookId, userId });
  const bots = botsAmong(
    sql,
    progress.map((row) => row.userId),
  );
  for (const row of progress) {
    if (bots.has(row.userId)) continue;
    for (const part of book.parts) {
      if (!reachesPage(row, part.toPage, book.pageCount)) continue;
      if (markReached(sql, part.id, row.userId, now)) newly.set(row.userId, [...(newly.get(row.userId) ?? []), part.id]);
    }
  }
  return newly;
}

/** Whether a member's progress passes a part they are not yet marked as having reached (a read's cheap check). */
export function passesUnmarked(
  sql: Sql,
  book: { bookId: number; pageCount: number | null; parts: readonly ReadingPartRow[] },
  userId: string,
  marks: Map<number, PartReaderRow>,
) {
  const progress = findRow(sql, readingProgressTable, { bookId: book.bookId, userId });
  return !!progress && book.parts.some((part) => !marks.get(part.id)?.reachedOn && reachesPage(progress, part.toPage, book.pageCount));
}

function botsAmong(sql: Sql, userIds: readonly string[]): Set<string> {
  const rows = findRowsIn(sql, userTable, 'id', [...new Set(userIds)], { select: ['id', 'isBot'] });
  return new Set(rows.filter((row) => row.isBot).map((row) => row.id));
}

/** Parts still ahead whose due day has not been announced: the partDue task's work. */
export function partsToAnnounce(sql: Sql, now: string): Pick<ReadingPartRow, 'id' | 'dueOn'>[] {
  return statement(
    sql,
    `SELECT ${parts.columns(['id', 'dueOn'])} FROM ${parts.name} WHERE ${parts.column('dueNoticeOn')} IS NULL AND ${parts.column('dueOn')} > ?`,
  ).all(now) as Pick<ReadingPartRow, 'id' | 'dueOn'>[];
}

/** Whom a part's reminder reaches, in their language. */
export interface Recipient {
  email: string;
  language: Language | null;
}

const user = userTable.qualified;
const subscription = newsletterSubscriptionTable.qualified;

/**
 * The main list's subscribers (either list: each hears of the club's milestones) who have not reached the part
 * (whatever they revealed: they have not read it), never a bot or a disabled account.
 */
export function notYetReached(sql: Sql, partId: number): Recipient[] {
  return statement(
    sql,
    `SELECT DISTINCT ${userTable.columns(['email', 'language'])} FROM ${userTable.name}
     JOIN ${newsletterSubscriptionTable.name} ON ${subscription('userId')} = ${user('id')}
     WHERE ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${readers.name} WHERE ${readers.qualified('partId')} = ? AND ${readers.qualified('userId')} = ${user('id')}
         AND ${readers.qualified('reachedOn')} IS NOT NULL)
     ORDER BY ${user('email')}`,
  ).all(partId) as Recipient[];
}
