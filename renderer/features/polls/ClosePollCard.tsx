import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/polls';
import { ConfirmCloseButton } from '../../components/ConfirmCloseButton';
import { useClosePoll } from './queries';

/** Moderators close an open vote once someone has voted (asked first). */
export function ClosePollCard({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const close = useClosePoll(poll.pollId).mutateAsync;
  const noVotes = poll.results.alreadyVoted.length === 0;
  return (
    <Card withBorder padding="lg" bg="var(--bookclub-color-inset)" data-testid="close-poll-card">
      <Title order={2} size="h5" mb={4}>
        {t('close.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {noVotes ? t('close.needsVotes') : t('close.hint')}
      </Text>
      <ConfirmCloseButton
        namespace="polls"
        close={close}
        focusAfter='[data-testid="poll-outcome"]'
        testId="close-poll"
        variant="filled"
        iconSize={16}
        disabled={noVotes}
      />
    </Card>
  );
}
