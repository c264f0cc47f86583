import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useDocumentTitle } from '../../components/PageTitle';
import { PostItem } from './PostItem';
import { useDiscussion } from './queries';

/** One suggestion on its own page, with the way back to its discussion. */
export function SinglePostPage() {
  const { t } = useTranslation('discussions');
  const params = useParams();
  const discussionId = Number(params.discussionId);
  const postId = Number(params.postId);
  const { data: discussion, error, isError } = useDiscussion(discussionId);
  const post = discussion?.posts.find((p) => p.postId === postId);
  useDocumentTitle(post?.title ?? t('pages:singlePost'));

  if (isError) {
    return <LoadFailed title={t('pages:singlePost')} error={error} backTo={pages.rounds()} backLabel={t('backToRounds')} />;
  }
  if (!discussion) return <PageLoader />;
  const back = pages.discussion(discussion.discussionId);
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
