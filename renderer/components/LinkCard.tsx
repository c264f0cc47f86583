import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Test ids and the like, for the page models: `data-testid`, `data-kind`... */
type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/**
 * A card that is one link as a whole (a book in the grid, a recommendation, a search result): framed, and
 * lifted on hover and focus (styles.css, .book-grid-card). What it shows is the link's name, so no
 * aria-label differs from what a voice user reads on it. With a cover: the cover at the left, the
 * children in a column beside it.
 */
export function LinkCard({ to, cover, children, ...data }: { to: string; cover?: ReactNode; children: ReactNode } & DataAttributes) {
  return (
    <Card withBorder shadow="xs" padding="md" component={Link} to={to} className="book-grid-card" {...data}>
      {cover === undefined ? (
        children
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="md" h="100%">
          {cover}
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            {children}
          </Stack>
        </Group>
      )}
    </Card>
  );
}
