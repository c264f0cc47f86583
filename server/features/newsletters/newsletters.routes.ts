import { newslettersApi } from '../../../shared/api/newsletters';
import { handle } from '../../http/contract-routes';
import type { NewslettersService } from './newsletters.service';

export function newslettersRoutes(newsletters: NewslettersService) {
  return [
    handle(newslettersApi.mine, ({ user }) => newsletters.listsOf(user.id)),
    handle(newslettersApi.all, () => newsletters.allSubscribers()),
    // Always the caller's own subscription: nobody subscribes someone else.
    handle(newslettersApi.subscribe, ({ user, params }) => newsletters.subscribe(user.id, params.listName)),
    handle(newslettersApi.unsubscribe, ({ user, params }) => newsletters.unsubscribe(user.id, params.listName)),
  ];
}
