import { Button, Group } from '@mantine/core';
import { IconCheckbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import { ConfirmCloseButton } from '../../components/ConfirmCloseButton';
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
        <Button component={Link} to={`/hlasovania/${discussion.pollId}`} leftSection={<IconCheckbox size={18} />} data-testid="go-to-poll">
          {t('goToPoll')}
        </Button>
      )}
      {canClose && (
        <ConfirmCloseButton namespace="discussions" count={discussion.posts.length} close={close} focusAfter='[data-testid="go-to-poll"]' testId="close-discussion" variant="light" iconSize={18} />
      )}
    </Group>
  );
}
