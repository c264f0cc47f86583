import { Button, Group } from '@mantine/core';
import { IconCheckbox, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import { ConfirmButton } from '../../components/ConfirmButton';
import { handleError, notifySuccess } from '../../lib/notify';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { useCloseDiscussion } from './queries';

/** The way to the discussion's poll, and for moderators closing it into a poll (asked first). */
export function DiscussionActions({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('discussions');
  const isModerator = useSessionStore(selectIsModerator);
  const close = useCloseDiscussion(discussion.discussionId).mutateAsync;
  const canClose = isModerator && !discussion.isClosed && discussion.posts.length > 0;
  if (!discussion.pollId && !canClose) return null;

  return (
    <Group gap="sm">
      {discussion.pollId && (
        <Button component={Link} to={`/hlasovania/${discussion.pollId}`} leftSection={<IconCheckbox size={18} />}>
          {t('goToPoll')}
        </Button>
      )}
      {canClose && (
        <ConfirmButton
          variant="light"
          leftSection={<IconLock size={18} />}
          title={t('close.title')}
          message={t('close.message', { count: discussion.posts.length })}
          confirmLabel={t('close.confirm')}
          testId="close-discussion"
          onConfirm={async () => {
            try {
              await close();
              notifySuccess(t('toast.closed'));
            } catch (error) {
              handleError(error);
            }
          }}
        >
          {t('close.button')}
        </ConfirmButton>
      )}
    </Group>
  );
}
