import { homeApi } from '../../../shared/api/home';
import { handle } from '../../http/contract-routes';
import type { HomeService } from './home.service';

export function homeRoutes(home: HomeService) {
  // Anyone may call it; a visitor gets the public part.
  return [handle(homeApi.get, ({ user, ctx }) => home.homeFor(user, ctx.state.fromHostMachine), { cached: 'per-member' })];
}
