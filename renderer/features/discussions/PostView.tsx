import { Anchor, Badge, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconExternalLink, IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Post, Topic } from '../../../shared/api/discussions';
import { goodreadsUrl } from '../../../shared/api/scrape';
import { BookCover } from '../../components/BookCover';
import { RenderedHtml } from '../../components/RenderedHtml';
import { formatDate } from '../../lib/format-date';

interface PostViewProps {
  post: Post;
  topic: Topic;
  titleOrder?: TitleOrder;
  /** In a list the title leads to the suggestion's own page. */
  linkTitle?: boolean;
  footer?: ReactNode;
}

/** A suggestion as members read it: a book with cover, author, pages and link, or a theme; then its text. */
export function PostView({ post, topic, titleOrder = 3, linkTitle = false, footer }: PostViewProps) {
  const { t } = useTranslation('discussions');
  const isBook = topic !== 'Themes';
  const href = `/navrhy/${post.discussionId}/${post.postId}`;
  return (
    <Stack gap="sm">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {isBook && <BookCover src={post.imageUrl} width={72} height={108} />}
        {/* Room on the right for the card's edit icon. */}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }} pr={36}>
          <Title order={titleOrder} size={titleOrder === 1 ? 'h2' : 'h4'} style={{ overflowWrap: 'anywhere' }}>
            {linkTitle ? (
              <Anchor component={Link} to={href} c="inherit" inherit>
                {post.title}
              </Anchor>
            ) : (
              post.title
            )}
          </Title>
          {isBook && post.author && <Text c="dimmed">{post.author}</Text>}
          {isBook && (
            <Group gap="xs" mt={2}>
              {post.pageCount !== null && (
                <Badge variant="light" color="gray" radius="sm">
                  {t('post.pages', { count: post.pageCount })}
                </Badge>
              )}
              {(post.parentPostId !== null || post.parentRecommendationId !== null) && (
                <Badge variant="outline" radius="sm" leftSection={<IconRepeat size={12} />}>
                  {t('post.reposted')}
                </Badge>
              )}
              {post.url && (
                <Anchor href={post.url} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconExternalLink size={14} />
                    {goodreadsUrl(post.url) ? t('post.goodreads') : t('post.link')}
                  </Group>
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      <RenderedHtml html={post.renderedText} testId="post-text" />
      <Group justify="space-between" gap="xs" align="center">
        <Text size="xs" c="dimmed">
          {t('post.suggestedBy', { name: post.ownerName || t('post.formerMember'), date: formatDate(post.createdOn) })}
        </Text>
        {footer}
      </Group>
    </Stack>
  );
}
