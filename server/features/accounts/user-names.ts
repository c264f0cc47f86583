import { In, type DataSource } from 'typeorm';
import { displayName } from './display-name';
import { UserEntity } from './user.entity';

/** Display names for a set of user ids, in one query. */
export async function userNames(db: DataSource, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set([...ids].filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const users = await db.getRepository(UserEntity).find({ where: { id: In(unique) }, select: { id: true, name: true, email: true } });
  return new Map(users.map((user) => [user.id, displayName(user)]));
}
