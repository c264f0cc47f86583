import type { Actor } from '../../../shared/rules';
import type { User } from './user.entity';

/** An account as the shared rules see it. */
export function actorOf(user: User): Actor {
  return { userId: user.id, isModerator: user.isModerator, isAdmin: user.isAdmin };
}
