import { Alert, Anchor, Button, Card, Center, Loader, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconRepeat } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import { pages } from '../../../shared/pages';
import { notifySuccess } from '../../lib/notify';
import { PostForm } from './PostForm';
import { emptyPostForm } from './post-form';
import { useAddPost } from './queries';
import { usePostPrefill } from './use-post-prefill';

/** The form for a new suggestion in an open discussion, prefilled when the address asks for a repost. */
export function NewPostCard({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('discussions');
  const [params, setParams] = useSearchParams();
  const prefill = usePostPrefill(params);
  const addPost = useAddPost(discussion.discussionId).mutateAsync;
  const isBooks = discussion.topic !== 'Themes';
  const startBlank = () => setParams({}, { replace: true });

  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="new-post" component="section" aria-labelledby="new-post-title">
      <Title order={2} size="h4" id="new-post-title">
        {isBooks ? t('new.bookTitle') : t('new.themeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('form.mandatoryNote')}
      </Text>

      {prefill.status === 'ready' && (
        <Alert color="burgundy" variant="light" icon={<IconRepeat size={18} />} mb="md" data-testid="prefill-note">
          <Text size="sm" mb={6}>
            {prefill.source.kind === 'post' ? (
              <Trans
                t={t}
                i18nKey="new.repostOf"
                values={{ title: prefill.source.title, discussion: prefill.source.fromDiscussionTitle }}
                components={{ 1: <Anchor component={Link} to={pages.discussion(prefill.source.fromDiscussionId)} size="sm" /> }}
              />
            ) : (
              t('new.fromRecommendation', { title: prefill.source.title })
            )}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={startBlank}>
            {t('new.startBlank')}
          </Button>
        </Alert>
      )}
      {prefill.status === 'failed' && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          mb="md"
          withCloseButton
          closeButtonLabel={t('common:closeMessage')}
          onClose={startBlank}
          data-testid="prefill-note"
        >
          {prefill.kind === 'post' ? t('new.repostMissing') : t('new.recommendationMissing')}
        </Alert>
      )}

      {prefill.status === 'loading' ? (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label={t('common:loading')} />
        </Center>
      ) : (
        <PostForm
          key={prefill.status === 'ready' ? prefill.key : 'blank'}
          topic={discussion.topic}
          mode="new"
          initialValues={prefill.status === 'ready' ? prefill.values : emptyPostForm}
          submitLabel={isBooks ? t('new.submitBook') : t('new.submitTheme')}
          failureKey="discussions:toast.addFailed"
          offerSpoilerMark
          onSubmit={async (fields) => {
            await addPost(fields);
            notifySuccess(t('toast.added'));
            if (params.size > 0) startBlank();
          }}
        />
      )}
    </Card>
  );
}
