import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Poll, Vote } from '../../../shared/api/polls';
import { resultRows } from './poll-results';

/** Votes and percentage per option as bars, the winner marked, the member's own choices marked. */
export function PollResultsCard({ poll, myVote }: { poll: Poll; myVote: Vote | null }) {
  const { t } = useTranslation('polls');
  const rows = resultRows(poll);
  const mine = new Set(myVote?.postIds ?? []);
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="poll-results" component="section" aria-labelledby="results-title">
      <Title order={2} size="h4" id="results-title">
        {poll.isClosed ? t('results.final') : t('results.soFar')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {poll.isClosed ? t('results.voters', { count: poll.results.alreadyVoted.length }) : t('results.thanks')}
      </Text>
      <Stack gap="md">
        {rows.map((row) => (
          <div key={row.post.postId} data-testid="result-row" data-winner={row.isWinner || undefined}>
            <Group justify="space-between" wrap="nowrap" align="flex-end" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  {row.isWinner && <IconTrophy size={16} color="var(--mantine-color-yellow-7)" aria-label={t('results.winner')} />}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.post.title}
                  </Text>
                </Group>
                <Group gap={6}>
                  {row.post.author && (
                    <Text size="xs" c="dimmed">
                      {row.post.author}
                    </Text>
                  )}
                  {mine.has(row.post.postId) && (
                    <Badge size="xs" variant="light" color="teal" leftSection={<IconCheck size={10} />}>
                      {t('results.yourChoice')}
                    </Badge>
                  )}
                </Group>
              </div>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="result-count">
                {t('results.votes', { count: row.votes })} · {row.percentage} %
              </Text>
            </Group>
            <Progress
              value={row.percentage}
              size="lg"
              mt={6}
              color={row.isWinner ? 'burgundy.8' : 'burgundy.4'}
              aria-label={`${row.post.title}: ${row.percentage} %`}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
