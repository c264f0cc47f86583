import { currentlyReadingApi, usersApi } from '../../../shared/api/users';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { UsersService } from './users.service';

const implement = routeImplementer<User>();

export function usersRoutes(users: UsersService) {
  return implement(usersApi, {
    list: { handler: ({ user }) => users.list(user), cached: 'per-role' },
    // Ordered as the caller's language sorts names: the kept answers are per language too.
    page: { handler: ({ user, query, ctx }) => users.page(user, query, ctx.state.language), cached: 'per-role' },
    get: { handler: ({ user, params }) => users.member(user, params.email), cached: 'per-member' },
    setLanguage: ({ user, body }) => users.setLanguage(user, body),
    uploadAvatar: ({ user, upload }) => users.setAvatar(user, upload),
    update: ({ user, params, body }) => users.update(user, params.email, body),
  });
}

/** GET /api/reviews/currentlyreading (Obskurnee's path) and the member's own entries. */
export function currentlyReadingRoutes(users: UsersService) {
  return implement(currentlyReadingApi, {
    list: { handler: () => users.currentlyReading(), cached: 'for-everyone' },
    add: ({ user, body }) => users.addReading(user, body),
    remove: async ({ user, params }) => {
      await users.removeReading(user, params.entryId);
      return true as const;
    },
  });
}
