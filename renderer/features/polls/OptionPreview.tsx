import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Post, Topic } from '../../../shared/api/discussions';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { publicationYearText } from '../../components/book-facts';
import { RenderedHtml } from '../../components/RenderedHtml';
import { SpoilerFold } from '../progress';

/** An option's suggestion, opened from the ballot: cover, text, who suggested it. */
export function OptionPreview({ post, topic }: { post: Post; topic: Topic }) {
  const { t } = useTranslation('polls');
  const { t: common } = useTranslation();
  const isBook = topic !== 'Themes';
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" pt="sm" data-testid="option-preview">
      {isBook && <BookCover src={post.imageUrl} width={64} height={96} />}
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
        {/* Folded for everyone but its author (a poll cannot ask home for the current book: home shows polls). */}
        <SpoilerFold item={post} spoilerBookId={null} kind="post">
          {post.renderedText ? (
            <RenderedHtml html={post.renderedText} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('option.noText')}
            </Text>
          )}
        </SpoilerFold>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('option.suggestedBy', { name: post.ownerName })}
            {isBook && post.year !== null ? ` · ${publicationYearText(post.year, common)}` : ''}
            {isBook && post.pageCount !== null ? ` · ${t('option.pages', { count: post.pageCount })}` : ''}
          </Text>
          <Anchor component={Link} to={pages.post(post.discussionId, post.postId)} size="xs">
            {t('option.open')}
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}
