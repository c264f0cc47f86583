import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBook, IconCalendarPlus, IconClock } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Meeting } from '../../../shared/api/meetings';
import { pages } from '../../../shared/pages';
import { RenderedHtml } from '../../components/RenderedHtml';
import { useAction } from '../../lib/use-form-submit';
import { hasEnded, meetingDay, meetingHours } from './meeting-when';
import { downloadCalendarEvent } from './queries';
import { MeetingWhere } from './MeetingWhere';
import { RsvpChoice } from './RsvpChoice';
import { RsvpSummary } from './RsvpSummary';

/** Says on a meeting that it was cancelled, or that it has taken place. */
export function MeetingBadges({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  if (meeting.isCancelled) {
    return (
      <Badge color="red" variant="filled" radius="sm" data-testid="meeting-cancelled">
        {t('meeting.cancelled')}
      </Badge>
    );
  }
  if (hasEnded(meeting)) {
    return (
      <Badge color="gray" variant="light" radius="sm">
        {t('meeting.past')}
      </Badge>
    );
  }
  return null;
}

/**
 * A meeting: when (in the reader's zone and language), where, the book, the notes, who is coming, the
 * member's own answer, and the event for their calendar. In a list its day is a heading linking to its page;
 * on its own page the page's title names it.
 */
export function MeetingView({ meeting, headingOrder }: { meeting: Meeting; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('meetings');
  const headingId = useId();
  const day = meetingDay(meeting.startsAt);
  const calendar = useAction({ failureKey: 'meetings:toast.calendarFailed' });
  const cancelled = meeting.isCancelled;

  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingOrder ? headingId : undefined}
      data-testid="meeting"
      data-meeting-id={meeting.meetingId}
      data-cancelled={cancelled || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div>
            {headingOrder && (
              <Title order={headingOrder} size="h4" id={headingId} td={cancelled ? 'line-through' : undefined}>
                <Anchor component={Link} to={pages.meeting(meeting.meetingId)} inherit>
                  {day}
                </Anchor>
              </Title>
            )}
            <Group gap={6} wrap="nowrap" mt={headingOrder ? 4 : 0}>
              <IconClock size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} data-testid="meeting-hours">
                {headingOrder ? meetingHours(meeting) : `${day}, ${meetingHours(meeting)}`}
              </Text>
            </Group>
          </div>
          <MeetingBadges meeting={meeting} />
        </Group>
        <MeetingWhere meeting={meeting} />
        {meeting.bookId && meeting.bookTitle && (
          <Group gap={6} wrap="nowrap">
            <IconBook size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              <VisuallyHidden component="span">{`${t('meeting.book')}: `}</VisuallyHidden>
              <Anchor component={Link} to={pages.book(meeting.bookId)} inherit fs="italic">
                {meeting.bookTitle}
              </Anchor>
            </Text>
          </Group>
        )}
        {meeting.notesHtml && <RenderedHtml html={meeting.notesHtml} testId="meeting-notes" />}
        <Divider />
        <RsvpSummary meeting={meeting} />
        <RsvpChoice meeting={meeting} />
        {!cancelled && (
          <Group gap="sm">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCalendarPlus size={16} />}
              loading={calendar.busy}
              onClick={() => void calendar.run(() => downloadCalendarEvent(meeting.meetingId))}
              aria-label={headingOrder ? `${t('addToCalendar')}: ${day}` : undefined}
            >
              {t('addToCalendar')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
