import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MeetingView } from './MeetingView';
import { useMeetings } from './queries';

/** A book's page: the meetings about it (upcoming first, soonest first; then past ones); nothing when there are none. */
export function BookMeetings({ bookId }: { bookId: number }) {
  const { t } = useTranslation('meetings');
  const list = useMeetings().data;
  const meetings = [...(list?.upcoming ?? []), ...(list?.past ?? [])].filter((meeting) => meeting.bookId === bookId);
  if (meetings.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="book-meetings-title" data-testid="book-meetings">
      <Title order={2} size="h3" id="book-meetings-title">
        {t('book.title')}
      </Title>
      {meetings.map((meeting) => (
        <MeetingView key={meeting.meetingId} meeting={meeting} headingOrder={3} />
      ))}
    </Stack>
  );
}
