import { Card, Group, Text, Title } from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Where the book's reviews go: the review form (stars, markdown) and the members' reviews arrive with the
 * reviews feature (GET/POST /api/reviews/book/{bookId}); until then the page says so.
 */
export function BookReviewsSlot({ bookId }: { bookId: number }) {
  const { t } = useTranslation('books');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="reviews-title" data-testid="reviews-slot" data-book-id={bookId}>
      <Group gap="xs" mb={4}>
        <IconStars size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
        <Title order={2} size="h4" id="reviews-title">
          {t('reviews.title')}
        </Title>
      </Group>
      <Text c="dimmed" size="sm">
        {t('reviews.soon')}
      </Text>
    </Card>
  );
}
