import { Badge, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Poll, Vote } from '../../../shared/api/polls';
import { myRanking, rankedRoundsView, type RankedRoundView, type RankedRow, type RoundEnding } from './ranked-results';

/**
 * A ranked poll's results: the member's own ranking, then each round of the instant runoff with its counts
 * as bars, what it eliminated, and how the last round ended (the winner once closed).
 */
export function RankedResultsCard({ poll, myVote }: { poll: Poll; myVote: Vote | null }) {
  const { t } = useTranslation('polls');
  const rounds = rankedRoundsView(poll);
  const mine = myRanking(poll, myVote);
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="poll-results" component="section" aria-labelledby="results-title">
      <Title order={2} size="h4" id="results-title">
        {poll.isClosed ? t('results.final') : t('results.soFar')}
      </Title>
      <Text size="sm" c="dimmed">
        {poll.isClosed ? t('results.voters', { count: poll.results.alreadyVoted.length }) : t('results.thanks')}
      </Text>
      {mine.length > 0 && (
        <div data-testid="my-ranking" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <Title order={3} size="h6" mb={4}>
            {t('ranked.yourRanking')}
          </Title>
          <List type="ordered" size="sm">
            {mine.map((post) => (
              <List.Item key={post.postId}>{post.title}</List.Item>
            ))}
          </List>
        </div>
      )}
      <Text size="sm" mt="md" mb="md">
        {t('rounds.explain')}
      </Text>
      {rounds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rounds.none')}
        </Text>
      ) : (
        <Stack gap="lg">
          {rounds.map((round) => (
            <RoundSection key={round.number} round={round} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function RoundSection({ round }: { round: RankedRoundView }) {
  const { t } = useTranslation('polls');
  const headingId = `round-${round.number}`;
  const titles = round.eliminated.map((post) => post.title);
  return (
    <section aria-labelledby={headingId} data-testid="ranked-round">
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('rounds.round', { count: round.number })}
      </Title>
      <Stack gap="sm">
        {round.rows.map((row) => (
          <RoundRow key={row.post.postId} row={row} />
        ))}
      </Stack>
      {titles.length > 0 && (
        <Text size="sm" mt="sm" fw={600} data-testid="round-eliminated">
          {t('rounds.eliminated', { count: titles.length, titles })}
        </Text>
      )}
      {round.ending && <Ending ending={round.ending} />}
    </section>
  );
}

function Ending({ ending }: { ending: RoundEnding }) {
  const { t } = useTranslation('polls');
  const text =
    ending.kind === 'tie'
      ? t('rounds.tie', { titles: ending.posts.map((post) => post.title) })
      : t(ending.kind === 'winner' ? 'rounds.winner' : 'rounds.majority', { title: ending.post.title });
  return (
    <Text size="sm" mt="sm" fw={600} data-testid="round-ending">
      {text}
    </Text>
  );
}

function RoundRow({ row }: { row: RankedRow }) {
  const { t } = useTranslation('polls');
  return (
    <div data-testid="result-row" data-winner={row.isWinner || undefined} data-eliminated={row.isEliminated || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-end" gap="sm">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          {row.isWinner && <IconTrophy size={16} color="var(--mantine-color-yellow-7)" aria-label={t('results.winner')} />}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} td={row.isEliminated ? 'line-through' : undefined}>
            {row.post.title}
          </Text>
          {row.isEliminated && (
            <Badge size="xs" variant="outline" color="gray">
              {t('rounds.out')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="result-count">
          {t('results.votes', { count: row.votes })} · {row.percentage} %
        </Text>
      </Group>
      <Progress
        value={row.percentage}
        size="md"
        mt={4}
        color={row.isWinner ? 'burgundy.8' : row.isEliminated ? 'gray.5' : 'burgundy.4'}
        aria-label={`${row.post.title}: ${row.percentage} %`}
      />
    </div>
  );
}
