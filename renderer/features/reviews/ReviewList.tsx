import { Stack, Text } from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../shared/api/reviews';
import { ReviewCard } from './ReviewCard';

export { ReviewCard, type ReviewCardProps } from './ReviewCard';

export interface ReviewListProps {
  reviews: Review[];
  /** On a member's profile: show which book each review is of. */
  showBook?: boolean;
  /** The signed-in member's id: their own review is marked. */
  myUserId?: string;
  /** What an empty list says (default: "No reviews yet"). */
  emptyText?: string;
}

/** Reviews as cards, the latest first as the server sends them; a quiet note when there are none. */
export function ReviewList({ reviews, showBook = false, myUserId, emptyText }: ReviewListProps) {
  const { t } = useTranslation('reviews');
  if (reviews.length === 0) {
    return (
      <Stack
        align="center"
        gap={6}
        py="xl"
        px="md"
        bg="var(--mantine-color-body)"
        data-testid="no-reviews"
        style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <IconStars size={32} color="var(--mantine-color-burgundy-4)" aria-hidden />
        <Text fw={600} ta="center">
          {emptyText ?? t('list.none')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="review-list">
      {reviews.map((review) => (
        <ReviewCard key={review.reviewId} review={review} showBook={showBook} mine={!!myUserId && review.ownerId === myUserId} />
      ))}
    </Stack>
  );
}
