import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconLockOpen, IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { PartComments } from '../../../shared/api/reading-plan';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { formatDate } from '../../lib/format-date';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { CommentForm } from './CommentForm';
import { PartCommentItem } from './PartCommentItem';
import { fromPageOf } from './plan-position';
import { useCommentWrites, usePartComments, usePlanBook, useSchedule, useUpcomingMeetings } from './queries';
import { SealedPart } from './SealedPart';

/**
 * /knihy/{bookId}/casti/{partId}: a part's own discussion. Sealed for a member who has not reached it (only
 * how many comments wait); open, its comments live, a form to add one, and the way to the meeting's questions.
 */
export function ReadingPartPage() {
  const { t } = useTranslation('readingPlan');
  const params = useParams();
  const bookId = Number(params.bookId);
  const partId = Number(params.partId);
  const book = usePlanBook(bookId).data;
  const parts = useSchedule(bookId).data?.parts;
  const { data: answer, error, isError } = usePartComments(bookId, partId);

  if (isError && !answer) return <LoadFailed title={t('part.page')} error={error} backTo={pages.book(bookId)} backLabel={t('part.back')} />;
  if (!answer) return <PageLoader />;
  const { part } = answer;
  const from = parts ? fromPageOf(parts, parts.find((one) => one.partId === partId) ?? part) : null;

  return (
    <Stack gap="lg" maw={880} data-testid="reading-part-page">
      <div>
        <BackLink to={pages.book(bookId)}>{book ? t('part.backTo', { title: book.post.title }) : t('part.back')}</BackLink>
        <PageTitle documentTitle={`${part.title} · ${book?.post.title ?? t('part.page')}`}>{part.title}</PageTitle>
        <Text c="dimmed" mt={4} data-testid="part-facts">
          {from !== null ? t('timeline.pages', { from, to: part.toPage }) : t('part.toPage', { page: part.toPage })} ·{' '}
          {t('part.dueOn', { date: formatDate(part.dueOn) })}
        </Text>
      </div>
      {answer.locked ? <SealedPart bookId={bookId} part={part} count={answer.count} /> : <OpenPart bookId={bookId} answer={answer} />}
      <MeetingQuestionsLink bookId={bookId} />
    </Stack>
  );
}

/** An open part: its comments, oldest first, and the form to add one. */
function OpenPart({ bookId, answer }: { bookId: number; answer: PartComments }) {
  const { t } = useTranslation('readingPlan');
  const { part, comments } = answer;
  const writes = useCommentWrites(bookId, part.partId);
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const isModerator = useSessionStore(selectIsModerator);
  return (
    <Stack gap="md" component="section" aria-labelledby="part-comments-title" data-testid="part-comments">
      <Group gap="xs">
        <Title order={2} size="h4" id="part-comments-title" tabIndex={-1}>
          {t('comments.title', { count: answer.count })}
        </Title>
        {!part.reached && part.revealed && (
          <Badge variant="light" color="yellow" leftSection={<IconLockOpen size={12} aria-hidden />}>
            {t('comments.revealed')}
          </Badge>
        )}
      </Group>
      {comments.length === 0 ? (
        <Text c="dimmed" data-testid="no-comments">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
          {comments.map((comment) => (
            <PartCommentItem key={comment.commentId} comment={comment} mayChange={isModerator || comment.ownerId === myUserId} writes={writes} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('comments.add')}
      </Title>
      <CommentForm submitLabel={t('comments.post')} failureKey="readingPlan:comments.postFailed" testId="comment-form-new" onSubmit={writes.add} />
    </Stack>
  );
}

/** The book's next meeting, where its questions are gathered. */
function MeetingQuestionsLink({ bookId }: { bookId: number }) {
  const { t } = useTranslation('readingPlan');
  const meeting = useUpcomingMeetings().data?.find((one) => one.bookId === bookId && !one.isCancelled);
  if (!meeting) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="meeting-questions">
      <IconMessageQuestion size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Anchor component={Link} to={pages.meeting(meeting.meetingId)}>
        {t('part.questions', { date: formatDate(meeting.startsAt) })}
      </Anchor>
    </Group>
  );
}
