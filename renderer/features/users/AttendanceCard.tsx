import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { formatDate } from '../../lib/format-date';
import { useAttendance } from './queries';

/** How many of a member's last meetings the profile lists. */
const LAST_FEW = 5;

/** A member's profile: how many meetings they came to (checked in at), and the last few, each a link. */
export function AttendanceCard({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const attendance = useAttendance(userId).data;
  if (!attendance) return null;
  const meetings = attendance.meetings;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="attendance-title" data-testid="attendance">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconCalendarCheck size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="attendance-title">
          {t('attendance.title')}
        </Title>
      </Group>
      <Text size="sm" mb={meetings.length ? 'sm' : 0} data-testid="attendance-count">
        {meetings.length ? t('attendance.count', { count: meetings.length }) : t('attendance.none')}
      </Text>
      {meetings.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {meetings.slice(0, LAST_FEW).map((meeting) => (
            <li key={meeting.meetingId}>
              <Anchor component={Link} to={pages.meeting(meeting.meetingId)} size="sm">
                {formatDate(meeting.startsAt)}
              </Anchor>
              {meeting.bookTitle && (
                <Text span size="sm" c="dimmed" fs="italic">
                  {' · '}
                  {meeting.bookTitle}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
