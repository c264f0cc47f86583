import { Anchor, Badge, Box, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheckbox, IconMessages, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Round } from '../../../shared/api/rounds';
import { pages } from '../../../shared/pages';
import { BookCover } from '../../components/BookCover';
import { formatDate } from '../../lib/format-date';
import { stageLinks } from './selectors';

/** A round: its title, its stages (themes, books) with their discussions and polls, and the chosen book. */
export function RoundCard({ round }: { round: Round }) {
  const { t } = useTranslation('rounds');
  const hasThemes = round.topic === 'Themes' || round.themeDiscussionId !== null;
  return (
    <Card withBorder shadow="xs" padding="lg" component="article" aria-label={round.title} data-testid="round">
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm">
            <div>
              <Group gap="xs" mb={4}>
                <Badge variant="light" radius="sm">
                  {t(`topic.${round.topic}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('startedOn', { date: formatDate(round.createdOn) })}
                </Text>
              </Group>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {round.title}
              </Title>
            </div>
            {hasThemes && <StageLinks round={round} stage="themes" />}
            <StageLinks round={round} stage="books" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <WinningBook round={round} />
        </Grid.Col>
      </Grid>
    </Card>
  );
}

function StageLinks({ round, stage }: { round: Round; stage: 'themes' | 'books' }) {
  const { t } = useTranslation('rounds');
  const { discussionId, pollId, tiebreakerPollId } = stageLinks(round, stage);
  return (
    <Box data-testid={`stage-${stage}`}>
      <Text size="sm" fw={600} c="var(--mantine-color-text)" mb={6}>
        {stage === 'themes' ? t('stage.themes') : t('stage.books')}
      </Text>
      {discussionId === null && pollId === null ? (
        <Text size="sm" c="dimmed">
          {t('stage.notYet')}
        </Text>
      ) : (
        <Group gap="xs">
          {discussionId !== null && (
            <Button component={Link} to={pages.discussion(discussionId)} variant="light" size="xs" leftSection={<IconMessages size={14} />}>
              {t('stage.discussion')}
            </Button>
          )}
          {pollId !== null && (
            <Button component={Link} to={pages.poll(pollId)} variant="light" size="xs" leftSection={<IconCheckbox size={14} />}>
              {t('stage.poll')}
            </Button>
          )}
          {tiebreakerPollId !== null && (
            <Button component={Link} to={pages.poll(tiebreakerPollId)} variant="light" color="yellow" size="xs" leftSection={<IconScale size={14} />}>
              {t('stage.tiebreaker')}
            </Button>
          )}
        </Group>
      )}
    </Box>
  );
}

function WinningBook({ round }: { round: Round }) {
  const { t } = useTranslation('rounds');
  const book = round.book;
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      p="sm"
      h="100%"
      bg={book ? 'var(--bookclub-color-accent-surface)' : 'var(--bookclub-color-inset)'}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="round-book"
    >
      <BookCover src={book?.post.imageUrl} width={56} height={84} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('book.label')}
        </Text>
        {book ? (
          <>
            <Anchor component={Link} to={pages.book(book.bookId)} fw={600} c="bright" style={{ overflowWrap: 'anywhere' }}>
              {book.post.title}
            </Anchor>
            {book.post.author && (
              <Text size="sm" c="dimmed">
                {book.post.author}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('book.none')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
