import { statsApi } from '../../../shared/api/stats';
import { handle } from '../../http/contract-routes';
import type { StatsService } from './stats.service';

export function statsRoutes(stats: StatsService) {
  return [handle(statsApi.users, () => stats.members())];
}
