import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useDocumentTitle } from '../../components/PageTitle';
import { BookMeetings } from '../meetings';
import { BookReadingProgress } from '../progress';
import { ReadingPlanSection } from '../reading-plan';
import { BookReviews } from '../reviews';
import { BookLargeCard } from '../../components/BookCard';
import { useBook } from './queries';

/** A book's page: its large card, its reading schedule, its meetings, reading progress and reviews. */
export function BookPage() {
  const { t } = useTranslation('books');
  const bookId = Number(useParams().bookId);
  const { data: book, error, isError } = useBook(bookId);
  useDocumentTitle(book?.post.title ?? t('pages:book'));

  if (isError) return <LoadFailed title={t('pages:book')} error={error} backTo={pages.books()} backLabel={t('back')} />;
  if (!book) return <PageLoader />;

  return (
    <Stack gap="lg" maw={880} data-testid="book-page">
      <div>
        <BackLink to={pages.books()}>{t('back')}</BackLink>
        <BookLargeCard book={book} titleOrder={1} />
      </div>
      <ReadingPlanSection book={book} />
      <BookMeetings bookId={book.bookId} />
      <BookReadingProgress book={book} />
      <BookReviews bookId={book.bookId} />
    </Stack>
  );
}
