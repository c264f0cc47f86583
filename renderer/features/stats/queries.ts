import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../lib/route-query';

/** Each active member's books rated, chosen suggestions and recommendations (GET /api/stats/users). */
export const memberStatsQuery = routeQuery('stats', 'users');

export function useMemberStats() {
  return useQuery(memberStatsQuery);
}
