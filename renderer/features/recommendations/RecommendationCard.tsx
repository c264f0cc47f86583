import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Recommendation } from '../../../shared/api/recommendations';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { LinkCard } from '../../components/LinkCard';
import { excerptOf } from '../../lib/excerpt';

/** A recommendation in the grid: cover, title, author, who recommends it and why, in short; leads to its page. */
export function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const { t } = useTranslation('recommendations');
  const excerpt = excerptOf(recommendation.renderedText, 180);
  return (
    <LinkCard
      to={pages.recommendation(recommendation.recommendationId)}
      cover={<BookCover src={recommendation.imageUrl} width={80} height={120} />}
      data-testid="recommendation-card"
      data-recommendation-id={recommendation.recommendationId}
    >
      <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} ff="heading" size="lg" lh={1.25}>
        {recommendation.title}
      </Text>
      {recommendation.author && (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {recommendation.author}
        </Text>
      )}
      {excerpt && (
        <Text size="sm" lineClamp={3} mt={2} data-testid="recommendation-excerpt">
          {excerpt}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt="auto" pt={4}>
        {t('card.by', { name: recommendation.ownerName || t('formerMember') })}
      </Text>
    </LinkCard>
  );
}
