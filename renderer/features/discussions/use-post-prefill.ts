import { useEffect, useState } from 'react';
import { recommendationsService } from '../recommendations/recommendations.service';
import { discussionsService } from './discussions.service';
import { valuesForRepost, valuesFromRecommendation, type PostFormValues } from './post-form';

export type PrefillSource =
  | { kind: 'post'; title: string; fromDiscussionId: number; fromDiscussionTitle: string }
  | { kind: 'recommendation'; title: string };

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
  const requestKey = JSON.stringify(request);
  const [prefill, setPrefill] = useState<Prefill>({ status: 'none' });

  useEffect(() => {
    if (!request) {
      setPrefill({ status: 'none' });
      return;
    }
    let cancelled = false;
    setPrefill({ status: 'loading' });
    const done = (value: Prefill) => !cancelled && setPrefill(value);
    if (request.kind === 'post') {
      if (request.fromDiscussionId === null) {
        done({ status: 'failed', kind: 'post' });
      } else {
        discussionsService
          .get(request.fromDiscussionId)
          .then((from) => {
            const post = from.posts.find((p) => p.postId === request.parentPostId);
            done(
              post
                ? {
                    status: 'ready',
                    values: valuesForRepost(post),
                    source: { kind: 'post', title: post.title, fromDiscussionId: from.discussionId, fromDiscussionTitle: from.title },
                    key: `post-${post.postId}`,
                  }
                : { status: 'failed', kind: 'post' },
            );
          })
          .catch((error: unknown) => {
            console.error(error);
            done({ status: 'failed', kind: 'post' });
          });
      }
    } else {
      recommendationsService
        .get(request.parentRecommendationId)
        .then((found) =>
          done({
            status: 'ready',
            values: valuesFromRecommendation(found),
            source: { kind: 'recommendation', title: found.title },
            key: `recommendation-${found.recommendationId}`,
          }),
        )
        .catch((error: unknown) => {
          console.error(error);
          done({ status: 'failed', kind: 'recommendation' });
        });
    }
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  return request ? prefill : { status: 'none' };
}
