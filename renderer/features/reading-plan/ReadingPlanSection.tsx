import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '../../../shared/api/books';
import { PageLoader } from '../../components/PageStatus';
import { ApiError } from '../../lib/api';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { PartTimeline } from './PartTimeline';
import { PlanStatus } from './PlanStatus';
import { useMyProgress, useSchedule } from './queries';
import { ScheduleEditor } from './ScheduleEditor';

/**
 * A book's reading schedule on its page: where the club is and where the member is, the parts as a timeline
 * (each with its comments' count, sealed or open, and its discussion), and for moderators the editor.
 */
export function ReadingPlanSection({ book }: { book: Book }) {
  const { t } = useTranslation('readingPlan');
  const isModerator = useSessionStore(selectIsModerator);
  const { data: schedule, error, isError } = useSchedule(book.bookId);
  const mine = useMyProgress(book.bookId).data?.mine ?? null;
  const [editing, setEditing] = useState(false);
  const pageCount = book.post.pageCount;
  const parts = schedule?.parts ?? [];

  // A member sees nothing of a schedule the club has not made.
  if (schedule && parts.length === 0 && !isModerator) return null;

  return (
    <Card withBorder shadow="sm" padding="lg" component="section" aria-labelledby="reading-plan-title" data-testid="reading-plan">
      <Group gap="xs" mb="sm" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <IconCalendarEvent size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
          <Title order={2} size="h4" id="reading-plan-title">
            {t('section.title')}
          </Title>
        </Group>
        {isModerator && !editing && schedule && (
          <Button variant="light" size="xs" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)} data-testid="edit-schedule">
            {parts.length ? t('section.edit') : t('section.make')}
          </Button>
        )}
      </Group>
      {isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('section.loadFailed')}>
          {(error instanceof ApiError && error.problem?.detail) || t('common:error.generic')}
        </Alert>
      ) : !schedule ? (
        <PageLoader />
      ) : editing ? (
        <ScheduleEditor bookId={book.bookId} pageCount={pageCount} parts={parts} onDone={() => setEditing(false)} />
      ) : parts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-schedule">
          {t('section.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <PlanStatus bookId={book.bookId} parts={parts} pageCount={pageCount} mine={mine} />
          <PartTimeline bookId={book.bookId} parts={parts} />
        </Stack>
      )}
    </Card>
  );
}
