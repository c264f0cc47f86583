import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recommendation } from '../../../shared/api/recommendations';
import { BookCover } from '../../components/BookCover';
import { BookFacts } from '../../components/BookFacts';
import { TextWithByline } from '../../components/TextWithByline';
import { formatDate } from '../../lib/format-date';

/** A recommendation as members read it: the book with cover, author, year, pages and link; why; who and when. */
export function RecommendationView({ recommendation, footer }: { recommendation: Recommendation; footer?: ReactNode }) {
  const { t } = useTranslation('recommendations');
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <BookCover src={recommendation.imageUrl} width={110} height={165} />
        {/* Room on the right for the card's edit icon. */}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }} pr={36}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {recommendation.title}
          </Title>
          {recommendation.author && (
            <Text c="dimmed" size="lg">
              {recommendation.author}
            </Text>
          )}
          <BookFacts year={recommendation.year} pageCount={recommendation.pageCount} url={recommendation.url} />
        </Stack>
      </Group>
      <TextWithByline
        html={recommendation.renderedText}
        textTestId="recommendation-text"
        byline={t('view.recommendedBy', { name: recommendation.ownerName || t('formerMember'), date: formatDate(recommendation.createdOn) })}
        footer={footer}
      />
    </Stack>
  );
}
