import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { MeetingWhere } from './MeetingWhere';
import { meetingDay, meetingHours } from './meeting-when';
import { useMeetings } from './queries';
import { nextMeeting } from './viewer-answer';

/** Home: the next meeting (when, where, the member's answer, who is coming) and the way to it; nothing when none is planned. */
export function NextMeetingCard() {
  const { t } = useTranslation('meetings');
  const meeting = nextMeeting(useMeetings().data);
  if (!meeting) return null;
  const { going, maybe, notGoing } = meeting.rsvp;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-meeting-title" data-testid="next-meeting">
      <Group gap="xs" mb={4}>
        <ThemeIcon variant="light" size="md">
          <IconCalendarEvent size={20} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase" id="next-meeting-title">
          {t('home.title')}
        </Text>
      </Group>
      <Stack gap={6} mb="sm">
        <Text fw={600} size="lg">
          {meetingDay(meeting.startsAt)}
        </Text>
        <Text size="sm">{meetingHours(meeting)}</Text>
        <MeetingWhere meeting={meeting} />
        <Text size="sm">{t('rsvp.counts', { going: going.length, maybe: maybe.length, notGoing: notGoing.length })}</Text>
        <Text size="sm" c="dimmed" data-testid="next-meeting-answer">
          {meeting.myRsvp ? t('rsvp.yours', { answer: t(`rsvp.${meeting.myRsvp}`) }) : t('rsvp.none')}
        </Text>
      </Stack>
      <Button component={Link} to={pages.meeting(meeting.meetingId)} variant="light" size="xs">
        {t('home.open')}
      </Button>
    </Card>
  );
}
