import { currentlyReadingApi, usersApi } from '../../../shared/api/users';
import { handle } from '../../http/contract-routes';
import type { UsersService } from './users.service';

export function usersRoutes(users: UsersService) {
  return [
    handle(usersApi.list, ({ user }) => users.list(user), { cached: 'per-role' }),
    handle(usersApi.setLanguage, ({ user, body }) => users.setLanguage(user, body)),
    handle(usersApi.uploadAvatar, ({ user, upload }) => users.setAvatar(user, upload)),
    handle(usersApi.update, ({ user, params, body }) => users.update(user, params.email, body)),
  ];
}

/** GET /api/reviews/currentlyreading (Obskurnee's path) and the member's own entries. */
export function currentlyReadingRoutes(users: UsersService) {
  return [
    handle(currentlyReadingApi.list, () => users.currentlyReading(), { cached: 'for-everyone' }),
    handle(currentlyReadingApi.add, ({ user, body }) => users.addReading(user, body)),
    handle(currentlyReadingApi.remove, async ({ user, params }) => {
      await users.removeReading(user, params.entryId);
      return true as const;
    }),
  ];
}
