import { Group, Paper } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { Book } from '../../../shared/api/books';
import { PlanStatus } from './PlanStatus';
import { useMyProgress, useSchedule } from './queries';

/** Home, under the current book: where the club is in its schedule and where the member is; nothing without a schedule. */
export function HomePlanLine({ book }: { book: Book }) {
  const parts = useSchedule(book.bookId).data?.parts ?? [];
  const mine = useMyProgress(book.bookId).data?.mine ?? null;
  if (parts.length === 0) return null;
  return (
    <Paper withBorder p="sm" mt="sm" data-testid="home-plan">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <PlanStatus bookId={book.bookId} parts={parts} pageCount={book.post.pageCount} mine={mine} />
      </Group>
    </Paper>
  );
}
