import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useDocumentTitle } from '../../components/PageTitle';
import { useDiscussionStore } from './discussion.store';
import { PostItem } from './PostItem';

/** One suggestion on its own page, with the way back to its discussion. */
export function SinglePostPage() {
  const { t } = useTranslation('discussions');
  const params = useParams();
  const discussionId = Number(params.discussionId);
  const postId = Number(params.postId);
  const discussion = useDiscussionStore((s) => s.discussion);
  const status = useDiscussionStore((s) => s.status);
  const error = useDiscussionStore((s) => s.error);
  const load = useDiscussionStore((s) => s.load);
  const post = discussion?.discussionId === discussionId ? discussion.posts.find((p) => p.postId === postId) : undefined;
  useDocumentTitle(post?.title ?? t('pages:singlePost'));

  useEffect(() => {
    void load(discussionId);
  }, [discussionId, load]);

  const back = `/navrhy/${Number.isFinite(discussionId) ? discussionId : ''}`;
  if (status === 'failed') {
    return <LoadFailed title={t('pages:singlePost')} error={error} backTo="/navrhy" backLabel={t('backToRounds')} />;
  }
  if (!discussion || discussion.discussionId !== discussionId) return <PageLoader />;
  if (!post) {
    return <LoadFailed title={t('pages:singlePost')} error={null} message={t('single.notFound')} backTo={back} backLabel={t('single.back')} />;
  }

  return (
    <Stack gap="md" maw={760} data-testid="single-post-page">
      <div>
        <Button component={Link} to={back} variant="light" leftSection={<IconArrowLeft size={16} />} mb="sm">
          {t('single.back')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('single.in')}{' '}
          <Anchor component={Link} to={back} size="sm">
            {discussion.title}
          </Anchor>
        </Text>
      </div>
      <PostItem post={post} discussion={discussion} titleOrder={1} linkTitle={false} />
    </Stack>
  );
}
