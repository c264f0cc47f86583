import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Each active member's books rated, chosen suggestions and recommendations (GET /api/stats/users). */
export const memberStatsQuery = queryOptions({
  queryKey: queryKeys.stats.members,
  queryFn: ({ signal }) => api.stats.users({ signal }),
});

export function useMemberStats() {
  return useQuery(memberStatsQuery);
}
