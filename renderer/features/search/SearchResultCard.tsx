import { Badge, Text, type TextProps } from '@mantine/core';
import { IconHeart, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../../shared/api/search';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { LinkCard } from '../../components/LinkCard';
import './search.css';

/** Where a result leads: the suggestion in its discussion, or the recommendation's page. */
export function resultLink(result: SearchResult): string {
  return result.kind === 'Post' ? pages.post(result.discussionId, result.postId) : pages.recommendation(result.recommendationId);
}

/**
 * HTML the server made and sanitized, shown as is, like RenderedHtml shows rendered markdown: a search
 * highlight is escaped text whose only tags are the <mark>s around the words found (DECISIONS.md "Search
 * results are flat"). Inline, so it sits in a title or an author line.
 */
function Highlighted({ html, ...text }: TextProps & { html: string; 'data-testid'?: string }) {
  return <Text {...text} className="search-highlight" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A search result: kind, title and author with the found words marked, and an excerpt of where they occur. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const { t } = useTranslation('search');
  const isBook = result.kind === 'Rec' || result.author !== null || result.imageUrl !== null;
  const { highlight } = result;
  // A result is a link, so it cannot hold the fold's button: the server answers no excerpt of a marked
  // suggestion (to anyone, its author too), and its own page folds it (or not) for this reader.
  const spoilerFolded = result.kind === 'Post' && result.hasSpoilers;
  return (
    <LinkCard
      to={resultLink(result)}
      cover={isBook ? <BookCover src={result.imageUrl} width={48} height={72} /> : null}
      data-testid="search-result"
      data-kind={result.kind}
    >
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
      <Highlighted html={highlight.title} fw={600} size="lg" ff="heading" lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="result-title" />
      {highlight.author && <Highlighted html={highlight.author} size="sm" c="dimmed" data-testid="result-author" />}
      {spoilerFolded ? (
        <Text size="sm" c="dimmed" mt={2} data-testid="result-spoiler-note">
          {t('spoilerExcerpt')}
        </Text>
      ) : (
        highlight.text && <Highlighted html={highlight.text} size="sm" lineClamp={3} mt={2} data-testid="result-excerpt" />
      )}
      <Text size="xs" c="dimmed" mt={2}>
        {t(`by.${result.kind}`, { name: result.ownerName || t(`formerMember.${result.kind}`) })}
      </Text>
    </LinkCard>
  );
}
