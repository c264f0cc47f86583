import { statsApi } from '../../../shared/api/stats';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { StatsService } from './stats.service';

const implement = routeImplementer<User>();

export function statsRoutes(stats: StatsService) {
  return implement(statsApi, {
    users: () => stats.members(),
  });
}
