import { Anchor, Badge, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Book } from '../../../shared/api/books';

/** A book's large card: cover and title link to its page, author, summary, and its external link. */
export function BookLargeCard({ book }: { book: Book }) {
  const { t } = useTranslation('home');
  const href = `/knihy/${book.bookId}`;
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="book-large-card">
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Anchor component={Link} to={href} aria-label={book.post.title}>
          {book.post.imageUrl ? (
            <Image src={book.post.imageUrl} alt="" w={140} h={210} fit="cover" radius="sm" />
          ) : (
            <Box w={140} h={210} bg="burgundy.0" style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}>
              <IconBook size={48} color="var(--mantine-color-burgundy-4)" aria-hidden />
            </Box>
          )}
        </Anchor>
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Badge variant="light">{t('bookNumber', { order: book.order })}</Badge>
          <Title order={3}>
            <Anchor component={Link} to={href} c="inherit">
              {book.post.title}
            </Anchor>
          </Title>
          {book.post.author && <Text c="dimmed">{book.post.author}</Text>}
          {book.post.renderedText && (
            <div className="rendered-html" dangerouslySetInnerHTML={{ __html: book.post.renderedText }} />
          )}
          {book.post.url && (
            <Anchor href={book.post.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4}>
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
