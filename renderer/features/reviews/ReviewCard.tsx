import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Review } from '../../../shared/api/reviews';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { RenderedHtml } from '../../components/RenderedHtml';
import { spoilerBookOfReview } from '../../../shared/spoiler-fold';
import { formatDate } from '../../lib/format-date';
import { SpoilerFold } from '../progress';
import { Stars } from './Stars';

export interface ReviewCardProps {
  review: Review;
  /** On a member's profile: which book the review is of (cover, title, author, link to its page). */
  showBook?: boolean;
  /** Marks the signed-in member's own review. */
  mine?: boolean;
}

/** One review: its stars, who wrote it and when, the rendered text, and its link elsewhere. */
export function ReviewCard({ review, showBook = false, mine = false }: ReviewCardProps) {
  const { t } = useTranslation('reviews');
  const post = review.book?.post;
  const owner = review.ownerName || t('card.formerMember');
  return (
    <Card withBorder padding="lg" component="article" aria-label={showBook && post ? post.title : owner} data-testid="review" data-review-id={review.reviewId}>
      <Stack gap="sm">
        {showBook && post && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={pages.book(review.bookId)} aria-label={post.title} style={{ flexShrink: 0 }}>
              <BookCover src={post.imageUrl} width={48} height={72} />
            </Anchor>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={pages.book(review.bookId)} fw={600} c="bright" style={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Anchor>
              {post.author && (
                <Text size="sm" c="dimmed">
                  {post.author}
                </Text>
              )}
            </div>
          </Group>
        )}
        <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {!showBook && (
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="review-owner">
                  {owner}
                </Text>
                {mine && <YoursBadge />}
              </Group>
            )}
            <Group gap="xs">
              <Stars rating={review.rating} />
              {showBook && mine && <YoursBadge />}
            </Group>
          </Stack>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(review.modifiedOn || review.createdOn)}
          </Text>
        </Group>
        <SpoilerFold item={review} spoilerBookId={spoilerBookOfReview(review)} kind="review">
          <Stack gap="sm">
            <RenderedHtml html={review.renderedReviewText} testId="review-text" />
            {review.reviewUrl && (
              <Anchor href={review.reviewUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="review-link">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconExternalLink size={14} style={{ flexShrink: 0 }} />
                  {t('card.link', { site: siteOf(review.reviewUrl) })}
                </Group>
              </Anchor>
            )}
          </Stack>
        </SpoilerFold>
      </Stack>
    </Card>
  );
}

function YoursBadge() {
  const { t } = useTranslation('reviews');
  return (
    <Badge variant="light" color="teal" radius="sm" size="sm">
      {t('card.yours')}
    </Badge>
  );
}

/** "goodreads.com" for a link to a review there: where the link leads, in a word. */
function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
