import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { PartComment } from '../../../shared/api/reading-plan';
import { READING_EVENTS } from '../../../shared/events';
import { mayChange } from '../../../shared/rules';
import type { Clock } from '../../clock';
import { countRows, deleteRows, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import type { Hub } from '../../realtime/hub';
import { nextVersion } from '../../realtime/versions';
import { actorOf, userNames, type User } from '../accounts';
import { partCommentTable, readingPartTable, type PartCommentRow } from './reading-plan.entity';
import { partReaders, readComment, readerMarks, recordReached } from './reading-plan-rows';
import type { ReadingPlanService } from './reading-plan.service';
import { commentOf, shownComment } from './reading-plan-view';

type Sql = BetterSqlite3.Database;

export interface PartCommentsDeps {
  plan: Pick<ReadingPlanService, 'planBook' | 'existingPart'>;
  markdown: Markdown;
  hub: Pick<Hub, 'tell' | 'tellOthers'>;
  clock: Clock;
}

/** What a write changed, for its live events: the part's count and version after it, and whom it is open to. */
interface Written {
  row: PartCommentRow;
  version: number;
  count: number;
  readers: string[];
}

/**
 * A part's comments, written. Each write checks and writes in one transaction, then goes out live: the
 * comment to the members the part is open to (reached or revealed, as recorded in that transaction), its
 * count alone to everyone else. Nothing of a comment goes to mail, the newsletters, the chat or search.
 */
export class PartCommentsService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: PartCommentsDeps,
  ) {}

  /** A member comments on a part they have reached or revealed; a part still sealed to them is a 409. */
  async add(bookId: number, partId: number, user: User, text: string): Promise<PartComment> {
    const renderedText = this.deps.markdown.render(text);
    const now = this.deps.clock.now().toISOString();
    const written = writeTransaction(this.db, (sql) => {
      const book = this.deps.plan.planBook(sql, bookId);
      const part = this.deps.plan.existingPart(sql, bookId, partId);
      // Progress that passed the part since it was last looked at counts (the page count may have changed).
      recordReached(sql, { ...book, parts: [part] }, now, user.id);
      const marks = readerMarks(sql, user.id, [partId]).get(partId);
      if (user.isBot || !marks) throw new Conflict('readingPartSealed');
      const id = insertRow(sql, partCommentTable, { partId, ownerId: user.id, text, renderedText, createdOn: now, editedOn: null });
      return this.written(sql, partId, readComment(sql, partId, id)!);
    });
    return this.tell(bookId, partId, written, READING_EVENTS.partCommentAdded);
  }

  /** Its owner or a moderator (who need not have reached the part) changes a comment. */
  async edit(bookId: number, partId: number, commentId: number, user: User, text: string): Promise<PartComment> {
    const renderedText = this.deps.markdown.render(text);
    const now = this.deps.clock.now().toISOString();
    const written = writeTransaction(this.db, (sql) => {
      this.yours(sql, bookId, partId, commentId, user);
      updateRows(sql, partCommentTable, { id: commentId }, { text, renderedText, editedOn: now });
      return this.written(sql, partId, readComment(sql, partId, commentId)!);
    });
    return this.tell(bookId, partId, written, READING_EVENTS.partCommentChanged);
  }

  /** Its owner or a moderator deletes a comment (which posts cannot be). */
  async remove(bookId: number, partId: number, commentId: number, user: User): Promise<true> {
    const written = writeTransaction(this.db, (sql) => {
      const row = this.yours(sql, bookId, partId, commentId, user);
      deleteRows(sql, partCommentTable, { id: commentId });
      return this.written(sql, partId, row);
    });
    const { version, count, readers } = written;
    this.deps.hub.tell(readers, READING_EVENTS.partCommentRemoved, { bookId, partId, version, count, commentId });
    this.deps.hub.tellOthers(readers, READING_EVENTS.partCommentCounted, { bookId, partId, count });
    return true;
  }

  private yours(sql: Sql, bookId: number, partId: number, commentId: number, user: User): PartCommentRow {
    this.deps.plan.existingPart(sql, bookId, partId);
    const row = readComment(sql, partId, commentId);
    if (!row) throw new NotFound('partCommentNotFound');
    if (!mayChange(actorOf(user), row.ownerId)) throw new Forbidden('partCommentNotYours');
    return row;
  }

  private written(sql: Sql, partId: number, row: PartCommentRow): Written {
    return {
      row,
      version: nextVersion(sql, readingPartTable, partId),
      count: countRows(sql, partCommentTable, { partId }),
      readers: partReaders(sql, partId),
    };
  }

  /** The comment to those the part is open to, its count to everyone else; answers the comment. */
  private async tell(
    bookId: number,
    partId: number,
    { row, version, count, readers }: Written,
    event: typeof READING_EVENTS.partCommentAdded | typeof READING_EVENTS.partCommentChanged,
  ): Promise<PartComment> {
    const name = (await userNames(this.db, [row.ownerId])).get(row.ownerId) ?? '';
    const comment = commentOf(row, name);
    this.deps.hub.tell(readers, event, { bookId, partId, version, count, comment: shownComment(comment) });
    this.deps.hub.tellOthers(readers, READING_EVENTS.partCommentCounted, { bookId, partId, count });
    return comment;
  }
}
