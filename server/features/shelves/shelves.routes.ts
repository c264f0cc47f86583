import { shelvesApi } from '../../../shared/api/shelves';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { ShelvesService } from './shelves.service';

const implement = routeImplementer<User>();

export interface ShelvesRouteOptions {
  /** Counts a member's links and "read now"; refuses (429) one over the limit, before any site is asked. */
  throttle: { begin(key: string): Promise<unknown> };
}

/** /api/shelves/{userId}: a member's linked profile and shelves; link, unlink, read now. */
export function shelvesRoutes(shelves: ShelvesService, { throttle }: ShelvesRouteOptions) {
  return implement(shelvesApi, {
    get: ({ params, ctx }) => shelves.get(params.userId, ctx.state.language),
    link: {
      // Another member's id is a 403 whatever the body says.
      guard: ({ user, params }) => void shelves.mayLink(user, params.userId),
      handler: async ({ user, params, body, ctx }) => {
        await throttle.begin(`member:${user.id}`);
        return shelves.link(user, params.userId, body.profileUrl, ctx.state.language);
      },
    },
    unlink: ({ user, params, ctx }) => shelves.unlink(user, params.userId, ctx.state.language),
    sync: async ({ user, params, ctx }) => {
      await throttle.begin(`member:${user.id}`);
      return shelves.syncNow(user, params.userId, ctx.state.language);
    },
  });
}
