import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** A discussion with all its posts; live updates replace it whole. */
export function discussionQuery(discussionId: number) {
  return queryOptions({
    queryKey: queryKeys.discussions.one(discussionId),
    queryFn: ({ signal }) => api.discussions.get({ params: { discussionId }, signal }),
  });
}

export function useDiscussion(discussionId: number) {
  return useQuery(discussionQuery(discussionId));
}
