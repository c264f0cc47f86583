import { Anchor, Badge, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Post, Topic } from '../../../shared/api/discussions';
import { BookCover } from '../../components/BookCover';
import { BookFacts } from '../../components/BookFacts';
import { TextWithByline } from '../../components/TextWithByline';
import { formatDate } from '../../lib/format-date';
import { useCurrentBookId } from '../home';
import { SpoilerFold } from '../progress';

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
  const currentBookId = useCurrentBookId();
  const text = (
    <TextWithByline
      html={post.renderedText}
      textTestId="post-text"
      byline={t('post.suggestedBy', { name: post.ownerName || t('post.formerMember'), date: formatDate(post.createdOn) })}
      footer={footer}
    />
  );
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
            <BookFacts year={post.year} pageCount={post.pageCount} url={post.url}>
              {(post.parentPostId !== null || post.parentRecommendationId !== null) && (
                <Badge variant="outline" radius="sm" leftSection={<IconRepeat size={12} />}>
                  {t('post.reposted')}
                </Badge>
              )}
            </BookFacts>
          )}
        </Stack>
      </Group>
      {post.hasSpoilers ? (
        // Folded as a whole (text, byline, repost) for a reader who has not finished the club's current book.
        <SpoilerFold item={post} spoilerBookId={currentBookId} kind="post">
          <Stack gap="sm">{text}</Stack>
        </SpoilerFold>
      ) : (
        text
      )}
    </Stack>
  );
}
