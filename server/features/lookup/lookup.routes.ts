import { lookupApi } from '../../../shared/api/lookup';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { BookLookup } from './book-lookup';

const implement = routeImplementer<User>();

export interface LookupRouteOptions {
  /** Counts a member's lookups and covers; refuses (429) one over the limit, before Open Library is asked. */
  throttle: { begin(key: string): Promise<unknown> };
}

/** GET /api/books/lookup?q= and POST /api/books/covers: Open Library's books, and their covers kept by the club. */
export function lookupRoutes(lookup: BookLookup, { throttle }: LookupRouteOptions) {
  return implement(lookupApi, {
    lookup: async ({ query, user }) => {
      await throttle.begin(`member:${user.id}`);
      return lookup.find(query.q);
    },
    storeCover: async ({ body, user }) => {
      await throttle.begin(`member:${user.id}`);
      return lookup.storeCover(body.coverId);
    },
  });
}
