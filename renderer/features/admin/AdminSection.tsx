import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the admin screen's sections: a card with an icon, a heading, an optional hint, and its content. */
export function AdminSection(props: { id: string; icon: ReactNode; title: string; hint?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder shadow="xs" padding="lg" component="section" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <Group gap="xs" justify="space-between" wrap="nowrap" mb={props.hint ? 4 : 'sm'}>
        <Group gap="xs" wrap="nowrap">
          <span style={{ color: 'var(--mantine-color-burgundy-6)', display: 'inline-flex' }} aria-hidden>
            {props.icon}
          </span>
          <Title order={2} size="h4" id={`${props.id}-title`}>
            {props.title}
          </Title>
        </Group>
        {props.aside}
      </Group>
      {props.hint && (
        <Text size="sm" c="dimmed" mb="md">
          {props.hint}
        </Text>
      )}
      {props.children}
    </Card>
  );
}
