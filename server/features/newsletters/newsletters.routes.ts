import { newslettersApi } from '../../../shared/api/newsletters';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { NewslettersService } from './newsletters.service';

const implement = routeImplementer<User>();

export function newslettersRoutes(newsletters: NewslettersService) {
  return implement(newslettersApi, {
    mine: ({ user }) => newsletters.listsOf(user.id),
    all: () => newsletters.allSubscribers(),
    // Always the caller's own subscription: nobody subscribes someone else.
    subscribe: ({ user, params }) => newsletters.subscribe(user.id, params.listName),
    unsubscribe: ({ user, params }) => newsletters.unsubscribe(user.id, params.listName),
  });
}
