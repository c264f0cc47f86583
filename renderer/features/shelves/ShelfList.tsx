import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShelfEntry } from '../../../shared/api/shelves';
import { formatDate } from '../../lib/format-date';

/** A long read shelf shows this many until the reader asks for all. */
const FIRST_FEW = 8;

interface ShelfListProps {
  id: string;
  title: string;
  books: ShelfEntry[];
  /** How many the shelf holds (the answer may list fewer). */
  count: number;
  empty: string;
}

/** One shelf: each book's title (a link to it on the site), author, the member's stars and when they read it. */
export function ShelfList({ id, title, books, count, empty }: ShelfListProps) {
  const { t } = useTranslation('shelves');
  const [all, setAll] = useState(false);
  const shown = all ? books : books.slice(0, FIRST_FEW);
  return (
    <Stack gap={6} component="section" aria-labelledby={id} data-testid={`shelf-${id}`}>
      <Title order={3} size="h5" id={id}>
        {title}{' '}
        <Text span c="dimmed" size="sm">
          ({count})
        </Text>
      </Title>
      {books.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((book) => (
            <li key={book.entryId} data-testid="shelf-book">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {book.url ? (
                  <Anchor href={book.url} target="_blank" rel="noopener noreferrer" inherit>
                    {book.title}
                  </Anchor>
                ) : (
                  book.title
                )}
              </Text>
              <Group gap={6} wrap="wrap">
                {book.author && (
                  <Text size="xs" c="dimmed">
                    {book.author}
                    {book.series ? ` · ${book.series}` : ''}
                  </Text>
                )}
                {book.rating !== null && (
                  <Group gap={0} role="img" aria-label={t('stars', { count: book.rating })} wrap="nowrap">
                    {Array.from({ length: book.rating }, (_, i) => (
                      <IconStarFilled key={i} size={12} color="var(--mantine-color-yellow-6)" aria-hidden />
                    ))}
                  </Group>
                )}
                {book.readOn && (
                  <Text size="xs" c="dimmed">
                    {t('readOn', { date: formatDate(book.readOn) })}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {books.length > FIRST_FEW && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? t('showFewer') : t('showAll', { count: books.length })}
        </Button>
      )}
    </Stack>
  );
}
