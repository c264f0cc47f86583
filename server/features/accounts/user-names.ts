import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { findRowsIn } from '../../db/table';
import { displayName } from './display-name';
import { userTable } from './user.entity';

/** Display names for a set of user ids, in one query. */
export async function userNames(db: DataSource, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set([...ids].filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const users = findRowsIn(sqliteOf(db), userTable, 'id', unique, { select: ['id', 'name', 'email'] });
  return new Map(users.map((user) => [user.id, displayName(user)]));
}
