import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { findRowsIn, insertRow } from '../../db/table';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { userTable } from '../accounts';
import { GroupCommit } from './group-commit';

const scratch = useScratchDatabase('group-commit', []);

/** Items are accounts to add; one may ask its write to fail after writing, or to end the transaction. */
interface Item {
  id: string;
  fail?: 'refuse' | 'end transaction';
}

function newItem(fail?: Item['fail']): Item {
  return { id: crypto.randomUUID(), fail };
}

/** A second connection to the same file: it sees only what is committed. */
function committedIds(ids: readonly string[]): string[] {
  const reader = new Database(scratch.sql.name, { readonly: true });
  try {
    const found = findRowsIn(reader, userTable, 'id', ids, { select: ['id'] }).map((user) => user.id);
    return ids.filter((id) => found.includes(id));
  } finally {
    reader.close();
  }
}

function accountsBox(seen: { id: string; committedBefore: string[] }[] = []) {
  return new GroupCommit<Item>(scratch.db, (sql, item) => {
    seen.push({ id: item.id, committedBefore: committedIds(seen.map((s) => s.id)) });
    insertRow(sql, userTable, { id: item.id, email: `${item.id}@club.test` });
    if (item.fail === 'refuse') throw new Error(`refused ${item.id}`);
    if (item.fail === 'end transaction') {
      // What SQLite does on a full disk or an I/O error: the whole transaction is rolled back.
      sql.exec('ROLLBACK');
      throw new Error('disk I/O error');
    }
  });
}

describe('group commit', () => {
  it('writes that arrive together share one transaction, and each is answered only once committed', async () => {
    const seen: { id: string; committedBefore: string[] }[] = [];
    const box = accountsBox(seen);
    const items = [newItem(), newItem(), newItem()];
    const committedWhenAnswered = await Promise.all(items.map((item) => box.submit(item).then(() => committedIds([item.id]))));

    expect(seen.map((s) => s.id)).toEqual(items.map((item) => item.id));
    // While the third was written, the first two were written but not yet committed: one transaction.
    expect(seen.map((s) => s.committedBefore)).toEqual([[], [], []]);
    expect(committedWhenAnswered).toEqual(items.map((item) => [item.id]));
  });

  it('a refused write leaves no trace and sinks none of the others', async () => {
    const box = accountsBox();
    const [first, refused, last] = [newItem(), newItem('refuse'), newItem()];
    const outcomes = await Promise.allSettled([first, refused, last].map((item) => box.submit(item)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error(`refused ${refused.id}`));
    expect(committedIds([first.id, refused.id, last.id])).toEqual([first.id, last.id]);
  });

  it('when the transaction itself fails, every write in it fails and none is kept', async () => {
    const box = accountsBox();
    const items = [newItem(), newItem('end transaction'), newItem()];
    const outcomes = await Promise.allSettled(items.map((item) => box.submit(item)));

    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : 'written'))).toEqual([
      'disk I/O error',
      'disk I/O error',
      'disk I/O error',
    ]);
    expect(committedIds(items.map((item) => item.id))).toEqual([]);
    expect(scratch.sql.inTransaction).toBe(false);
    // The box goes on working.
    const next = newItem();
    await box.submit(next);
    expect(committedIds([next.id])).toEqual([next.id]);
  });

  it('a write that arrives while a batch is written goes into the next', async () => {
    const box = accountsBox();
    const first = newItem();
    const later = newItem();
    let laterWritten: Promise<void> | undefined;
    await box.submit(first).then(() => {
      laterWritten = box.submit(later);
    });
    await laterWritten;
    expect(committedIds([first.id, later.id])).toEqual([first.id, later.id]);
  });
});
