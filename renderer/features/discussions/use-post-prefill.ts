import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { discussionQuery } from './queries';
import { valuesForRepost, valuesFromRecommendation, type PostFormValues } from './post-form';

export type PrefillSource = { kind: 'post'; title: string; fromDiscussionId: number; fromDiscussionTitle: string } | { kind: 'recommendation'; title: string };

export type Prefill =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; values: PostFormValues; source: PrefillSource; key: string }
  | { status: 'failed'; kind: 'post' | 'recommendation' };

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** What the address asks the new-suggestion form to start from (SPEC section 2, "Discussion"). */
export function prefillRequest(params: URLSearchParams) {
  const parentPostId = positiveInt(params.get('parentPostId'));
  const fromDiscussionId = positiveInt(params.get('fromDiscussionId'));
  const parentRecommendationId = positiveInt(params.get('parentRecommendationId'));
  if (parentPostId !== null) return { kind: 'post' as const, parentPostId, fromDiscussionId };
  if (parentRecommendationId !== null) return { kind: 'recommendation' as const, parentRecommendationId };
  return null;
}

/**
 * Loads the earlier post (from its discussion) or the recommendation named by the address and turns it
 * into the form's starting values. One that cannot be loaded leaves the form empty, and says so.
 */
export function usePostPrefill(params: URLSearchParams): Prefill {
  const request = prefillRequest(params);
  const fromDiscussionId = request?.kind === 'post' ? request.fromDiscussionId : null;
  const recommendationId = request?.kind === 'recommendation' ? request.parentRecommendationId : null;
  const from = useQuery({ ...discussionQuery(fromDiscussionId ?? 0), enabled: fromDiscussionId !== null });
  // The recommendation as its page caches it (same key), without this feature importing that one.
  const recommendation = useQuery({
    queryKey: routeKey('recommendations', 'get', { params: { recommendationId: recommendationId ?? 0 } }),
    queryFn: ({ signal }) => api.recommendations.get({ params: { recommendationId: recommendationId ?? 0 }, signal }),
    enabled: recommendationId !== null,
  });

  if (!request) return { status: 'none' };
  if (request.kind === 'post') {
    if (fromDiscussionId === null) return { status: 'failed', kind: 'post' };
    if (!from.data) return from.isError ? { status: 'failed', kind: 'post' } : { status: 'loading' };
    const post = from.data.posts.find((p) => p.postId === request.parentPostId);
    if (!post) return { status: 'failed', kind: 'post' };
    return {
      status: 'ready',
      values: valuesForRepost(post),
      source: { kind: 'post', title: post.title, fromDiscussionId: from.data.discussionId, fromDiscussionTitle: from.data.title },
      key: `post-${post.postId}`,
    };
  }
  if (!recommendation.data) return recommendation.isError ? { status: 'failed', kind: 'recommendation' } : { status: 'loading' };
  const found = recommendation.data;
  return {
    status: 'ready',
    values: valuesFromRecommendation(found),
    source: { kind: 'recommendation', title: found.title },
    key: `recommendation-${found.recommendationId}`,
  };
}
