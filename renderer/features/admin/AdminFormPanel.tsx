import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's panel inside an admin section (a new bot, a new webhook): set apart by its inset, titled, its fields below. */
export function AdminFormPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      gap="sm"
      p="md"
      bg="var(--bookclub-color-inset)"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--bookclub-color-divider)' }}
    >
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
