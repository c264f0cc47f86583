import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { OpenClosedBadge } from '../../components/OpenClosedBadge';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { RenderedHtml } from '../../components/RenderedHtml';
import { ShowMore } from '../../components/ShowMore';
import { DiscussionActions } from './DiscussionActions';
import { NewPostCard } from './NewPostCard';
import { PostItem } from './PostItem';
import { RunnersUpCard } from './RunnersUpCard';
import { useAnnounceChanges } from './announce-changes';
import { useDiscussion } from './queries';
import { useShownPosts } from './shown-posts';

/** A discussion: its description, its suggestions, and the form for a new one while it is open. */
export function DiscussionPage() {
  const { t } = useTranslation('discussions');
  const discussionId = Number(useParams().discussionId);
  const { data: discussion, error, isError } = useDiscussion(discussionId);
  useAnnounceChanges(discussion);

  if (isError) {
    return <LoadFailed title={t('pages:discussion')} error={error} backTo={pages.rounds()} backLabel={t('backToRounds')} />;
  }
  if (!discussion) return <PageLoader />;

  return (
    <Stack gap="lg" data-testid="discussion-page">
      <div>
        <BackLink to={pages.rounds()}>{t('backToRounds')}</BackLink>
        <DiscussionHeader discussion={discussion} />
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: discussion.isClosed ? 12 : 7 }}>
          <PostList key={discussion.discussionId} discussion={discussion} />
        </Grid.Col>
        {!discussion.isClosed && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <NewPostCard discussion={discussion} />
              <RunnersUpCard discussion={discussion} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function DiscussionHeader({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('discussions');
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <PageTitle documentTitle={discussion.title}>{discussion.title}</PageTitle>
          <Group gap="xs" mt={-6}>
            <Badge variant="light" radius="sm">
              {t(`topic.${discussion.topic}`)}
            </Badge>
            <OpenClosedBadge isClosed={discussion.isClosed} openLabel={t('open')} closedLabel={t('closed')} closedTestId="closed-marker" />
          </Group>
        </div>
        <DiscussionActions discussion={discussion} />
      </Group>
      <RenderedHtml html={discussion.renderedDescription} testId="discussion-description" />
    </Stack>
  );
}

function PostList({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('discussions');
  const { shown, total, hasMore, showMore, listRef } = useShownPosts(discussion.posts);
  return (
    <Stack gap="md" component="section" aria-labelledby="posts-title" ref={listRef}>
      <Title order={2} size="h4" id="posts-title">
        {t('posts.heading', { count: discussion.posts.length })}
      </Title>
      {discussion.posts.length === 0 ? (
        <Stack
          align="center"
          gap={6}
          py="xl"
          px="md"
          bg="var(--mantine-color-body)"
          style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <IconMessages size={32} color="var(--mantine-color-burgundy-4)" aria-hidden />
          <Text fw={600}>{t('posts.none')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {discussion.isClosed ? t('posts.noneClosed') : discussion.topic === 'Themes' ? t('posts.beFirstTheme') : t('posts.beFirstBook')}
          </Text>
        </Stack>
      ) : (
        shown.map((post) => <PostItem key={post.postId} post={post} discussion={discussion} />)
      )}
      {hasMore && <ShowMore status={t('posts.shown', { shown: shown.length, total })} label={t('posts.more')} onMore={showMore} testId="more-posts" />}
    </Stack>
  );
}
