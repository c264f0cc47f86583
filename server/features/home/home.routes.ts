import { homeApi } from '../../../shared/api/home';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { HomeService } from './home.service';

const implement = routeImplementer<User>();

export function homeRoutes(home: HomeService) {
  return implement(homeApi, {
    // Anyone may call it; a visitor gets the public part.
    get: { handler: ({ user, ctx }) => home.homeFor(user, ctx.state.fromHostMachine), cached: 'per-member' },
  });
}
