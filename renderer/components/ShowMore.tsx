import { Button, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

export interface ShowMoreProps {
  /** "Showing 30 of 201": said politely when it changes. */
  status: string;
  label: string;
  onMore(): void;
  /** The next part is on its way (a page being read). */
  loading?: boolean;
  testId?: string;
}

/**
 * Below a long list that shows part of itself: how much it shows, and a button for the next part. A button,
 * not more as the reader scrolls: the keyboard reaches it, the page's end (and its footer) stays reachable,
 * and a screen reader hears how many are shown.
 */
export function ShowMore({ status, label, onMore, loading = false, testId = 'show-more' }: ShowMoreProps) {
  return (
    <Group justify="center" gap="md" py="xs" data-testid={`${testId}-bar`}>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-status`}>
        {status}
      </Text>
      {/* Not disabled while the next part comes: a disabled button would drop the keyboard's focus. */}
      <Button
        variant="light"
        leftSection={loading ? <Loader size={14} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        aria-busy={loading || undefined}
        onClick={() => !loading && onMore()}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
