import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { BookGridCard } from '../../components/BookCard';
import { latestFirst } from './book-order';
import { useBooks } from './queries';
import { EmptyState } from '../../components/EmptyState';

/** Every book the club chose, numbered by order, the current one first. */
export function BookListPage() {
  const { t } = useTranslation('books');
  const { data: books, error, isError } = useBooks();
  const sorted = useMemo(() => latestFirst(books ?? []), [books]);

  // SPEC section 8: a failed book list is only logged (the query cache logs it); the page says it could not load.
  if (isError) return <LoadFailed title={t('pages:books')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="book-list-page">
      <div>
        <PageTitle>{t('pages:books')}</PageTitle>
        {sorted.length > 0 && (
          <Text c="dimmed" mt={-8}>
            {t('intro', { count: sorted.length })}
          </Text>
        )}
      </div>
      {!books ? (
        <PageLoader />
      ) : sorted.length === 0 ? (
        <EmptyState icon={IconBooks} testId="no-books">
          <Text fw={600} ta="center">
            <Trans t={t} i18nKey="none" components={{ 1: <Anchor component={Link} to={pages.rounds()} fw={600} /> }} />
          </Text>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
          {sorted.map((book, index) => (
            <BookGridCard key={book.bookId} book={book} current={index === 0} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
