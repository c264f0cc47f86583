import { Badge, Card, Group, Highlight, Stack, Text } from '@mantine/core';
import { IconHeart, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SearchResult } from '../../../shared/api/search';
import { BookCover } from '../../components/BookCover';
import { excerptAround } from '../../lib/excerpt';

/** Where a result leads: the suggestion in its discussion, or the recommendation's page. */
export function resultLink(result: SearchResult): string {
  return result.kind === 'Post' ? `/navrhy/${result.discussionId}/${result.postId}` : `/odporucania/${result.recommendationId}`;
}

/** A search result: kind, title and author with the searched words marked, and where they occur. */
export function SearchResultCard({ result, words }: { result: SearchResult; words: string[] }) {
  const { t } = useTranslation('search');
  const isBook = result.kind === 'Rec' || result.author !== null || result.imageUrl !== null;
  const excerpt = excerptAround(result.renderedText, words, 200);
  return (
    <Card
      withBorder
      shadow="xs"
      padding="md"
      component={Link}
      to={resultLink(result)}
      className="book-grid-card"
      aria-label={`${t(`kind.${result.kind}`)}: ${result.title}`}
      data-testid="search-result"
      data-kind={result.kind}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {isBook && <BookCover src={result.imageUrl} width={48} height={72} />}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Badge
            variant="light"
            color={result.kind === 'Rec' ? 'teal' : 'burgundy'}
            radius="sm"
            size="sm"
            leftSection={result.kind === 'Rec' ? <IconHeart size={12} /> : <IconMessage size={12} />}
            data-testid="result-kind"
          >
            {t(`kind.${result.kind}`)}
          </Badge>
          <Highlight highlight={words} fw={600} size="lg" ff="heading" lh={1.3} style={{ overflowWrap: 'anywhere' }} color="burgundy.1">
            {result.title}
          </Highlight>
          {result.author && (
            <Highlight highlight={words} size="sm" c="dimmed" color="burgundy.1">
              {result.author}
            </Highlight>
          )}
          {excerpt && (
            <Highlight highlight={words} size="sm" lineClamp={3} mt={2} color="burgundy.1" data-testid="result-excerpt">
              {excerpt}
            </Highlight>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {t(`by.${result.kind}`, { name: result.ownerName || t(`formerMember.${result.kind}`) })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
