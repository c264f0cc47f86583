import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Book } from '../../../shared/api/books';
import { PageLoader } from '../../components/PageStatus';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format-date';
import { useSessionStore } from '../../store/session-store';
import { ProgressEntryRow } from './ProgressEntryRow';
import { ProgressForm } from './ProgressForm';
import { useBookProgress } from './queries';

/**
 * A book's reading progress on its page: the member records where they are (shared with the club only if
 * they say so) and sees their own entry, then the progress of everyone who shares it, furthest first.
 */
export function BookReadingProgress({ book }: { book: Book }) {
  const { t } = useTranslation('progress');
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const { data: progress, error, isError } = useBookProgress(book.bookId);
  const pageCount = book.post.pageCount;

  return (
    <Card withBorder shadow="sm" padding="lg" component="section" aria-labelledby="progress-title" data-testid="book-progress">
      <Group gap="xs" mb={4}>
        <IconBookmark size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
        <Title order={2} size="h4" id="progress-title">
          {t('section.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('section.intro')}
      </Text>
      {isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('loadFailed')} data-testid="progress-failed">
          {(error instanceof ApiError && error.problem?.detail) || t('common:error.generic')}
        </Alert>
      ) : !progress ? (
        <PageLoader />
      ) : (
        <Stack gap="lg">
          <Stack gap="xs" data-testid="my-progress" aria-live="polite">
            <Title order={3} size="h5">
              {t('mine.heading')}
            </Title>
            {progress.mine ? (
              <>
                <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                  <ProgressEntryRow entry={progress.mine} pageCount={pageCount} name={t('club.you')} />
                </Stack>
                <Text size="xs" c="dimmed" data-testid="my-progress-visibility">
                  {progress.mine.shared ? t('mine.shared') : t('mine.private')} {t('mine.updated', { date: formatDate(progress.mine.updatedOn) })}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('mine.none')}
              </Text>
            )}
          </Stack>
          <ProgressForm key={book.bookId} bookId={book.bookId} pageCount={pageCount} mine={progress.mine} />
          <Stack gap="xs" component="section" aria-labelledby="club-progress-title" data-testid="club-progress">
            <Title order={3} size="h5" id="club-progress-title">
              {t('club.heading')}
            </Title>
            {progress.shared.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-club-progress">
                {t('club.none')}
              </Text>
            ) : (
              <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                {progress.shared.map((entry) => (
                  <ProgressEntryRow key={entry.userId} entry={entry} pageCount={pageCount} name={entry.userId === myUserId ? t('club.you') : entry.name} />
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
