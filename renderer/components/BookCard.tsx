import { Anchor, Badge, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Book } from '../../shared/api/books';
import { pages } from '../../shared/pages';
import { BookCover } from './BookCover';
import { LinkCard } from './LinkCard';
import { RenderedHtml } from './RenderedHtml';

/** A book's large card: cover and title link to its page, author, summary, and its external link. */
export function BookLargeCard({ book, titleOrder = 3 }: { book: Book; titleOrder?: TitleOrder }) {
  const { t } = useTranslation('books');
  const href = pages.book(book.bookId);
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="book-large-card">
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Anchor component={Link} to={href} aria-label={book.post.title}>
          <BookCover src={book.post.imageUrl} width={140} height={210} />
        </Anchor>
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light">{t('number', { order: book.order })}</Badge>
          </Group>
          <Title order={titleOrder} size="h3" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={href} c="inherit" inherit>
              {book.post.title}
            </Anchor>
          </Title>
          {book.post.author && <Text c="dimmed">{book.post.author}</Text>}
          <RenderedHtml html={book.post.renderedText} />
          {book.post.url && (
            <Anchor href={book.post.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span">
                <IconExternalLink size={14} />
                {t('externalLink')}
              </Group>
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * A book in the list's grid: cover, its number, title and author; the whole card leads to its page, and what
 * it shows is the link's name (no aria-label that would differ from what a voice user reads on it).
 */
export function BookGridCard({ book, current }: { book: Book; current?: boolean }) {
  const { t } = useTranslation('books');
  return (
    <LinkCard to={pages.book(book.bookId)} data-testid="book-card">
      <Stack gap="xs" align="center">
        <BookCover src={book.post.imageUrl} width={120} height={180} />
        <Group gap={6} justify="center">
          <Badge variant={current ? 'filled' : 'light'} radius="sm">
            {t('number', { order: book.order })}
          </Badge>
          {current && (
            <Badge variant="light" color="teal" radius="sm">
              {t('current')}
            </Badge>
          )}
        </Group>
        <Text fw={600} ta="center" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {book.post.title}
        </Text>
        {book.post.author && (
          <Text size="sm" c="dimmed" ta="center" lineClamp={2}>
            {book.post.author}
          </Text>
        )}
      </Stack>
    </LinkCard>
  );
}
