import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClockHour4, IconMapPin, IconVideo } from '@tabler/icons-react';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DatePoll, DatePollSummary } from '../../../shared/api/date-polls';
import { pages } from '../../../shared/pages';
import { AnswerGrid } from './AnswerGrid';
import { takesAnswers } from './date-poll-grid';
import { momentLabel, optionWhen, zoneLabel } from './date-poll-time';
import { ModeratorTools } from './ModeratorTools';
import { useDatePoll } from './queries';

interface CardProps {
  summary: DatePollSummary;
  timeZone: string;
  isModerator: boolean;
}

/** An open poll: read with its grid, which live events then keep. */
export const OpenDatePollCard = forwardRef<HTMLHeadingElement, CardProps>(function OpenDatePollCard({ summary, timeZone, isModerator }, headingRef) {
  const { t } = useTranslation('datePolls');
  const { data: poll } = useDatePoll(summary.datePollId);
  const shown = poll ?? summary;
  const answersOpen = useAnswersOpen(shown);
  return (
    <PollFrame poll={shown} timeZone={timeZone} headingRef={headingRef}>
      <Text size="sm" c="dimmed" data-testid="date-poll-zone-shown">
        {t('grid.zone', { zone: zoneLabel(timeZone, shown.options[0] ? new Date(shown.options[0].startsAt) : undefined) })}
      </Text>
      {!answersOpen && !shown.isClosed && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />} data-testid="date-poll-waiting">
          {t('status.waiting')}
        </Alert>
      )}
      {poll ? (
        <>
          <AnswerGrid poll={poll} timeZone={timeZone} editable={answersOpen} />
          {isModerator && !poll.isClosed && <ModeratorTools poll={poll} timeZone={timeZone} answersOpen={answersOpen} />}
        </>
      ) : (
        <Skeleton height={160} radius="md" />
      )}
    </PollFrame>
  );
});

/** Whether the poll takes answers now; the card turns read-only when the deadline passes while it is shown. */
function useAnswersOpen(poll: Pick<DatePoll, 'isClosed' | 'closesAt'>): boolean {
  const [, setPassed] = useState(0);
  useEffect(() => {
    if (!poll.closesAt) return;
    const wait = Date.parse(poll.closesAt) - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setPassed((n) => n + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [poll.closesAt]);
  return takesAnswers(poll, new Date());
}

/** A picked or cancelled poll: the picked date and its meeting, or that it was cancelled. */
export const ClosedDatePollCard = forwardRef<HTMLHeadingElement, CardProps>(function ClosedDatePollCard({ summary, timeZone }, headingRef) {
  const { t } = useTranslation('datePolls');
  const picked = summary.options.find((option) => option.optionId === summary.pickedOptionId);
  return (
    <PollFrame poll={summary} timeZone={timeZone} headingRef={headingRef}>
      {summary.isCancelled ? (
        <Text size="sm" c="dimmed">
          {t('status.cancelledText')}
        </Text>
      ) : (
        picked && (
          <Group gap="xs" wrap="wrap" data-testid="picked-date" tabIndex={-1}>
            <IconCalendarEvent size={18} aria-hidden />
            <Text fw={600}>{t('status.pickedOn', { when: optionWhen(picked, timeZone) })}</Text>
            {summary.meetingId !== null && (
              <Anchor component={Link} to={pages.meeting(summary.meetingId)} data-testid="picked-meeting-link">
                {t('status.toMeeting')}
              </Anchor>
            )}
          </Group>
        )
      )}
    </PollFrame>
  );
});

interface FrameProps {
  poll: DatePoll | DatePollSummary;
  timeZone: string;
  headingRef: React.Ref<HTMLHeadingElement>;
  children: React.ReactNode;
}

/** A poll's card: its title and state, deadline, place and link, then what its state shows. */
function PollFrame({ poll, timeZone, headingRef, children }: FrameProps) {
  const { t } = useTranslation('datePolls');
  const headingId = `date-poll-${poll.datePollId}-title`;
  const status = poll.isCancelled ? 'cancelled' : poll.isClosed ? 'picked' : 'open';
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId} data-testid="date-poll" data-date-poll-id={poll.datePollId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Title order={3} size="h4" id={headingId} ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {poll.title}
          </Title>
          <Badge
            variant="light"
            color={status === 'open' ? 'teal' : 'gray'}
            data-testid={status === 'cancelled' ? 'date-poll-cancelled' : 'date-poll-status'}
            tabIndex={status === 'cancelled' ? -1 : undefined}
          >
            {t(`status.${status}`)}
          </Badge>
        </Group>
        <PollFacts poll={poll} timeZone={timeZone} />
        {children}
      </Stack>
    </Card>
  );
}

function PollFacts({ poll, timeZone }: { poll: DatePoll | DatePollSummary; timeZone: string }) {
  const { t } = useTranslation('datePolls');
  if (poll.isClosed) return null;
  return (
    <Stack gap={4}>
      {poll.closesAt && (
        <Text size="sm" data-testid="date-poll-deadline">
          {t('facts.deadline', { when: momentLabel(poll.closesAt, timeZone) })}
        </Text>
      )}
      {poll.place && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {t('facts.place', { place: poll.place })}
          </Text>
        </Group>
      )}
      {poll.onlineUrl && (
        <Group gap={6} wrap="nowrap">
          <IconVideo size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor href={poll.onlineUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('facts.online')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
