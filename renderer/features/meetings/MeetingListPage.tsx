import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Meeting } from '../../../shared/api/meetings';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { DatePollsSection } from '../date-polls';
import { MeetingForm } from './MeetingForm';
import { MeetingView } from './MeetingView';
import { useMeetings, useScheduleMeeting } from './queries';

/**
 * /stretnutia: the date polls that find the next evening (open ones first), the meetings to come (soonest
 * first) and the past ones; moderators schedule new ones here.
 */
export function MeetingListPage() {
  const { t } = useTranslation('meetings');
  const { data: list, error, isError } = useMeetings();
  const isModerator = useSessionStore(selectIsModerator);

  if (isError) return <LoadFailed title={t('title')} error={error} backTo={pages.home()} backLabel={t('common:nav.home')} />;
  if (!list) return <PageLoader />;

  return (
    <Stack gap="lg" maw={880} data-testid="meetings-page">
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed" mt={-8}>
          {t('intro')}
        </Text>
      </div>
      {isModerator && <ScheduleMeeting />}
      <DatePollsSection />
      <MeetingSection title={t('upcoming')} empty={t('noUpcoming')} meetings={list.upcoming} testId="upcoming-meetings" />
      <MeetingSection title={t('past')} empty={t('noPast')} meetings={list.past} testId="past-meetings" />
    </Stack>
  );
}

function MeetingSection({ title, empty, meetings, testId }: { title: string; empty: string; meetings: Meeting[]; testId: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {meetings.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        meetings.map((meeting) => <MeetingView key={meeting.meetingId} meeting={meeting} headingOrder={3} />)
      )}
    </Stack>
  );
}

/** Moderators: the form to schedule a meeting, behind a button; a scheduled meeting opens on its page. */
function ScheduleMeeting() {
  const { t } = useTranslation('meetings');
  const [open, setOpen] = useState(false);
  const schedule = useScheduleMeeting().mutateAsync;
  const navigate = useNavigate();

  if (!open) {
    return (
      <Group>
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setOpen(true)} data-testid="schedule-meeting">
          {t('schedule.open')}
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="schedule-meeting-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id="schedule-meeting-title">
          {t('schedule.title')}
        </Title>
        <Button variant="subtle" size="xs" leftSection={<IconX size={16} />} onClick={() => setOpen(false)}>
          {t('schedule.close')}
        </Button>
      </Group>
      <MeetingForm
        original={null}
        submitLabel={t('schedule.submit')}
        failureKey="meetings:toast.scheduleFailed"
        onSubmit={async (meeting) => {
          const scheduled = await schedule(meeting);
          notifySuccess(t('toast.scheduled'));
          void navigate(pages.meeting(scheduled.meetingId));
        }}
      />
    </Card>
  );
}
