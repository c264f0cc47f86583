import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useSessionStore } from '../../store/session-store';
import { ReviewList } from './ReviewList';
import { useMemberReviews } from './queries';

/**
 * A member's reviews for their profile: loads them itself and shows each with its book. `emptyText`
 * replaces "No reviews yet" (e.g. "Bea has not reviewed a book yet").
 */
export function MemberReviews({ userId, emptyText }: { userId: string; emptyText?: string }) {
  const { t } = useTranslation('reviews');
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const { data: reviews, error, isError } = useMemberReviews(userId);
  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="member-reviews-failed">
        {(error instanceof ApiError && error.problem?.detail) || t('list.loadFailed')}
      </Alert>
    );
  }
  if (!reviews) {
    return (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Center>
    );
  }
  return <ReviewList reviews={reviews} showBook myUserId={myUserId} emptyText={emptyText ?? t('list.noneByMember')} />;
}
