import { Rating, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A review's stars as members read them; a review without stars says so quietly. */
export function Stars({ rating, size = 'sm' }: { rating: number | null; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('reviews');
  if (rating === null) {
    return (
      <Text size="xs" c="dimmed" data-testid="review-stars" data-rating="none">
        {t('card.noStars')}
      </Text>
    );
  }
  return (
    <Rating value={rating} readOnly size={size} role="img" aria-label={t('card.stars', { count: rating })} data-testid="review-stars" data-rating={rating} />
  );
}
