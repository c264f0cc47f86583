import { Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What a list page shows while it has nothing to list: a dashed frame around the list's icon and a few
 * words (what is missing, and who can add the first).
 */
export function EmptyState({ icon: ListIcon, testId, children }: { icon: Icon; testId?: string; children: ReactNode }) {
  return (
    <Stack
      align="center"
      gap={6}
      py={48}
      px="md"
      bg="var(--mantine-color-body)"
      data-testid={testId}
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ListIcon size={36} color="var(--mantine-color-burgundy-4)" aria-hidden />
      {children}
    </Stack>
  );
}
