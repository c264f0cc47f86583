import { Alert, Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconDice5, IconScale, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Poll } from '../../../shared/api/polls';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { tiedOptions, winnerOf } from './poll-results';

/** A closed poll's result: the winner and what follows (the book or the book discussion), or a tiebreaker. */
export function PollOutcome({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const followup = poll.followupLink;

  if (followup?.kind === 'Poll') {
    const tied = tiedOptions(poll);
    return (
      <Alert color="yellow" variant="light" icon={<IconScale size={20} />} title={t('outcome.tie')} data-testid="poll-outcome">
        <Text size="sm" mb="xs">
          {t(poll.votingMethod === 'ranked' ? 'outcome.tieRankedText' : 'outcome.tieText')}
        </Text>
        <List size="sm" mb="md" data-testid="tied-options">
          {tied.map((post) => (
            <List.Item key={post.postId}>
              <Text span fw={600} size="sm">
                {post.title}
              </Text>
              {post.author ? ` (${post.author})` : ''}
            </List.Item>
          ))}
        </List>
        <Button component={Link} to={pages.poll(followup.entityId)} rightSection={<IconArrowRight size={16} />}>
          {t('outcome.goToTiebreaker')}
        </Button>
      </Alert>
    );
  }

  const winner = winnerOf(poll);
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="poll-outcome" style={{ borderColor: 'var(--mantine-color-burgundy-2)' }}>
      <Group gap="xs" mb="sm">
        <ThemeIcon variant="light" color="yellow" radius="xl">
          <IconTrophy size={18} />
        </ThemeIcon>
        <Text size="sm" fw={700} tt="uppercase" c="dimmed">
          {t('outcome.winner')}
        </Text>
        {poll.decidedByLot && (
          <Badge color="gray" variant="light" leftSection={<IconDice5 size={12} />} data-testid="decided-by-lot">
            {t('outcome.byLot')}
          </Badge>
        )}
      </Group>
      {winner ? (
        <Group wrap="nowrap" align="flex-start" gap="md">
          {poll.topic !== 'Themes' && <BookCover src={winner.imageUrl} width={64} height={96} />}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h3" data-testid="winner-title">
              {winner.title}
            </Title>
            {winner.author && <Text c="dimmed">{winner.author}</Text>}
            {poll.decidedByLot && (
              <Text size="sm" c="dimmed">
                {t('outcome.byLotText')}
              </Text>
            )}
          </Stack>
        </Group>
      ) : (
        <Text c="dimmed">{t('outcome.none')}</Text>
      )}
      {followup?.kind === 'Book' && (
        <Button component={Link} to={pages.book(followup.entityId)} mt="md" rightSection={<IconArrowRight size={16} />}>
          {t('outcome.goToBook')}
        </Button>
      )}
      {followup?.kind === 'Discussion' && (
        <Button component={Link} to={pages.discussion(followup.entityId)} mt="md" rightSection={<IconArrowRight size={16} />}>
          {t('outcome.goToDiscussion')}
        </Button>
      )}
    </Card>
  );
}
