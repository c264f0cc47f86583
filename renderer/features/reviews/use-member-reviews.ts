import { useEffect, useState } from 'react';
import type { Review } from '../../../shared/api/reviews';
import type { LoadStatus } from '../../lib/load-status';
import { reviewsService } from './reviews.service';

/** A member's reviews (GET /api/reviews/user/{userId}), reloaded when the member changes. */
export function useMemberReviews(userId: string | null | undefined) {
  const [state, setState] = useState<{ userId: string | null; reviews: Review[]; status: LoadStatus; error: unknown }>({
    userId: null,
    reviews: [],
    status: 'idle',
    error: null,
  });

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    setState({ userId, reviews: [], status: 'loading', error: null });
    reviewsService
      .byUser(userId)
      .then((reviews) => !cancelled && setState({ userId, reviews, status: 'ready', error: null }))
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ userId, reviews: [], status: 'failed', error });
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  return state.userId === userId ? state : { userId: userId ?? null, reviews: [], status: 'loading' as LoadStatus, error: null };
}
