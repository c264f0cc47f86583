import { Card, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/polls';
import { ConfirmButton } from '../../components/ConfirmButton';
import { handleError, notifySuccess } from '../../lib/notify';
import { useClosePoll } from './queries';

/** Moderators close an open vote once someone has voted (asked first). */
export function ClosePollCard({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const close = useClosePoll(poll.pollId).mutateAsync;
  const noVotes = poll.results.alreadyVoted.length === 0;
  return (
    <Card withBorder padding="lg" bg="gray.0" data-testid="close-poll-card">
      <Title order={2} size="h5" mb={4}>
        {t('close.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {noVotes ? t('close.needsVotes') : t('close.hint')}
      </Text>
      <ConfirmButton
        variant="filled"
        leftSection={<IconLock size={16} />}
        disabled={noVotes}
        title={t('close.title')}
        message={t('close.message')}
        confirmLabel={t('close.confirm')}
        testId="close-poll"
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
    </Card>
  );
}
