import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProgressEntry } from '../../../shared/api/progress';
import { currentLanguage } from '../../lib/i18n';
import { describeProgress } from './progress-form';

/** One member's place in the book: their name, where they are in words, and a bar (the words say it; the bar only shows it). */
export function ProgressEntryRow({ entry, pageCount, name }: { entry: ProgressEntry; pageCount: number | null; name: string }) {
  const { t } = useTranslation('progress');
  const { text, bar } = describeProgress(entry, pageCount, t, currentLanguage());
  return (
    <Stack gap={4} component="li" data-testid="progress-entry" data-user-id={entry.userId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="progress-name">
          {name}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {entry.finished && <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
          <Text size="sm" data-testid="progress-where">
            {text}
          </Text>
        </Group>
      </Group>
      {bar !== null && <Progress value={bar} size="sm" color={entry.finished ? 'teal' : 'burgundy'} aria-hidden />}
    </Stack>
  );
}
