import { Button, Group } from '@mantine/core';
import { IconCheckbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import { pages } from '../../../shared/pages';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { CloseDiscussionButton } from './CloseDiscussionButton';

/** The way to the discussion's poll, and for moderators closing it into a poll (asked first, with its deadline if they like). */
export function DiscussionActions({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('discussions');
  const isModerator = useSessionStore(selectIsModerator);
  const canClose = isModerator && !discussion.isClosed && discussion.posts.length > 0;
  if (!discussion.pollId && !canClose) return null;

  return (
    <Group gap="sm">
      {discussion.pollId && (
        <Button component={Link} to={pages.poll(discussion.pollId)} leftSection={<IconCheckbox size={18} />} data-testid="go-to-poll">
          {t('goToPoll')}
        </Button>
      )}
      {canClose && <CloseDiscussionButton discussionId={discussion.discussionId} count={discussion.posts.length} />}
    </Group>
  );
}
