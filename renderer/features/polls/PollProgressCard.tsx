import { Card, Group, List, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/polls';
import { votingProgress } from './poll-results';

/** Who has voted and who has not, out of the club's active members. */
export function PollProgressCard({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const { voted, waiting, total } = votingProgress(poll.results);
  return (
    <Card withBorder padding="lg" data-testid="poll-progress" component="section" aria-labelledby="progress-title">
      <Title order={2} size="h5" id="progress-title">
        {t('progress.title')}
      </Title>
      <Text size="sm" mt={4} data-testid="progress-count">
        {t('progress.count', { voted: voted.length, total })}
      </Text>
      <Progress value={total ? (voted.length * 100) / total : 0} size="sm" mt="xs" mb="md" aria-hidden />
      <Text size="sm" fw={600} mb={4}>
        {t('progress.voted')}
      </Text>
      <MemberList names={voted.map((m) => m.name)} empty={t('progress.nobodyYet')} icon="voted" />
      {!poll.isClosed && (
        <>
          <Text size="sm" fw={600} mt="sm" mb={4}>
            {t('progress.waiting')}
          </Text>
          <MemberList names={waiting.map((m) => m.name)} empty={t('progress.everyone')} icon="waiting" />
        </>
      )}
    </Card>
  );
}

function MemberList({ names, empty, icon }: { names: string[]; empty: string; icon: 'voted' | 'waiting' }) {
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <List spacing={4} size="sm" data-testid={`progress-${icon}`}>
      {names.map((name, index) => (
        <List.Item
          key={`${name}-${index}`}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color={icon === 'voted' ? 'teal' : 'gray'}>
              {icon === 'voted' ? <IconCheck size={12} /> : <IconClock size={12} />}
            </ThemeIcon>
          }
        >
          <Group gap={4}>{name}</Group>
        </List.Item>
      ))}
    </List>
  );
}
