import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useDocumentTitle } from '../../components/PageTitle';
import { BookReviews } from '../reviews/BookReviews';
import { BookLargeCard } from './BookCard';
import { useBooksStore } from './books.store';

/** A book's page: its large card, then its reviews. */
export function BookPage() {
  const { t } = useTranslation('books');
  const bookId = Number(useParams().bookId);
  const book = useBooksStore((s) => s.book);
  const status = useBooksStore((s) => s.bookStatus);
  const error = useBooksStore((s) => s.bookError);
  const loadBook = useBooksStore((s) => s.loadBook);
  useDocumentTitle(book?.bookId === bookId ? book.post.title : t('pages:book'));

  useEffect(() => {
    void loadBook(bookId);
  }, [bookId, loadBook]);

  if (status === 'failed') return <LoadFailed title={t('pages:book')} error={error} backTo="/knihy" backLabel={t('back')} />;
  if (!book || book.bookId !== bookId) return <PageLoader />;

  return (
    <Stack gap="lg" maw={880} data-testid="book-page">
      <div>
        <BackLink to="/knihy">{t('back')}</BackLink>
        <BookLargeCard book={book} titleOrder={1} />
      </div>
      <BookReviews bookId={book.bookId} />
    </Stack>
  );
}
