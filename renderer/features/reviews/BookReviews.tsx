import { Alert, Card, Group, Rating, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageStatus';
import { ApiError } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useSessionStore } from '../../store/session-store';
import { averageRating, ownReview } from './review-form';
import { useBookReviews } from './queries';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';

/** A book's reviews on its page: the member's own review form, then every member's review. */
export function BookReviews({ bookId }: { bookId: number }) {
  const { t } = useTranslation('reviews');
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const { data: reviews, error, isError } = useBookReviews(bookId);

  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('list.loadFailed')} data-testid="reviews-failed">
        {(error instanceof ApiError && error.problem?.detail) || t('common:error.generic')}
      </Alert>
    );
  }
  if (!reviews) return <PageLoader />;

  const mine = ownReview(reviews, myUserId);
  const average = averageRating(reviews);

  return (
    <Stack gap="lg" data-testid="book-reviews">
      <Card withBorder shadow="sm" padding="lg" component="section" aria-labelledby="review-form-title">
        <Group gap="xs" mb="sm">
          <IconPencil size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
          <Title order={2} size="h4" id="review-form-title">
            {mine ? t('form.titleEdit') : t('form.titleNew')}
          </Title>
        </Group>
        <ReviewForm key={`${bookId}-${mine?.reviewId ?? 'new'}`} bookId={bookId} existing={mine} />
      </Card>

      <Stack gap="md" component="section" aria-labelledby="reviews-title">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs">
            <IconStars size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
            <Title order={2} size="h4" id="reviews-title">
              {t('list.heading', { count: reviews.length })}
            </Title>
          </Group>
          {average && (
            <Group gap={6} data-testid="average-rating">
              <Rating value={average.average} fractions={10} readOnly size="sm" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('list.average', {
                  average: new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(average.average),
                  count: average.count,
                })}
              </Text>
            </Group>
          )}
        </Group>
        <ReviewList reviews={reviews} myUserId={myUserId} emptyText={t('list.noneForBook')} />
      </Stack>
    </Stack>
  );
}
