import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** Its test id, and the id its heading takes (`{id}-title`), which names the section. */
  id: string;
  icon: ReactNode;
  title: string;
  hint?: ReactNode;
  /** Beside the heading: a button or a badge. */
  aside?: ReactNode;
  /** Fill the height of its grid cell, so cards side by side line up. */
  fill?: boolean;
  children: ReactNode;
}

/** A screen's section (the admin screen's, the host page's): a card with an icon, a heading that names it, an optional hint, and its content. */
export function SectionCard({ id, icon, title, hint, aside, fill, children }: SectionCardProps) {
  return (
    <Card withBorder shadow="xs" padding="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id} h={fill ? '100%' : undefined}>
      <Group gap="xs" justify="space-between" wrap="wrap" mb={hint ? 4 : 'sm'}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <span style={{ color: 'var(--bookclub-color-accent)', display: 'inline-flex' }} aria-hidden>
            {icon}
          </span>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {hint && (
        <Text size="sm" c="dimmed" mb="md">
          {hint}
        </Text>
      )}
      {children}
    </Card>
  );
}
