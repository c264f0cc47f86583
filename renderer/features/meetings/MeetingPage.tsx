import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Meeting } from '../../../shared/api/meetings';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { DisplayLinkCard, QuestionsCard, TonightCard, useMeetingOn } from '../meeting-night';
import { useAnnounceMeetingChanges } from './announce-changes';
import { CheckInCard } from './CheckInCard';
import { meetingChangesOf } from './meeting-form';
import { hasEnded, meetingDay } from './meeting-when';
import { MeetingForm } from './MeetingForm';
import { MeetingView } from './MeetingView';
import { useCancelMeeting, useChangeMeeting, useMeeting } from './queries';

/**
 * /stretnutia/{id}: one meeting and its discussion questions; moderators change or cancel it. While it is on
 * (from an hour before it starts until it ends) the page is the evening's remote on a phone: check in, the
 * question being discussed and the poll come first.
 */
export function MeetingPage() {
  const { t } = useTranslation('meetings');
  const meetingId = Number(useParams().meetingId);
  const { data: meeting, error, isError } = useMeeting(meetingId);
  useAnnounceMeetingChanges(meeting);
  const isModerator = useSessionStore(selectIsModerator);

  if (isError) return <LoadFailed title={t('title')} error={error} backTo={pages.meetings()} backLabel={t('backToMeetings')} />;
  if (!meeting) return <PageLoader />;
  return <MeetingScreen meeting={meeting} isModerator={isModerator} />;
}

function MeetingScreen({ meeting, isModerator }: { meeting: Meeting; isModerator: boolean }) {
  const { t } = useTranslation('meetings');
  const on = useMeetingOn(meeting);
  return (
    <Stack gap="lg" maw={880} data-testid="meeting-page" data-on={on || undefined}>
      <div>
        <BackLink to={pages.meetings()}>{t('backToMeetings')}</BackLink>
        <PageTitle>{t('pageTitle', { date: meetingDay(meeting.startsAt) })}</PageTitle>
        {on ? (
          <Stack gap="lg">
            <CheckInCard meeting={meeting} isModerator={isModerator} />
            <TonightCard meeting={meeting} isModerator={isModerator} />
          </Stack>
        ) : (
          <MeetingView meeting={meeting} />
        )}
      </div>
      <QuestionsCard meeting={meeting} isModerator={isModerator} past={hasEnded(meeting)} />
      {on && <MeetingView meeting={meeting} />}
      {isModerator && !meeting.isCancelled && <ModeratorTools key={meeting.meetingId} meeting={meeting} />}
      {isModerator && !meeting.isCancelled && !hasEnded(meeting) && <DisplayLinkCard />}
    </Stack>
  );
}

/** Change the meeting (the form, behind a button) or cancel it (after asking). */
function ModeratorTools({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const [editing, setEditing] = useState(false);
  const change = useChangeMeeting(meeting.meetingId).mutateAsync;
  const cancel = useCancelMeeting(meeting.meetingId).mutateAsync;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="meeting-tools-title" data-testid="meeting-tools">
      <Group justify="space-between" mb={editing ? 'sm' : 0} wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="meeting-tools-title">
          {editing ? t('edit.title') : t('moderators')}
        </Title>
        <Group gap="sm">
          {editing ? (
            <Button variant="subtle" size="xs" leftSection={<IconX size={16} />} onClick={() => setEditing(false)}>
              {t('edit.close')}
            </Button>
          ) : (
            <Button variant="light" size="xs" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="edit-meeting">
              {t('edit.open')}
            </Button>
          )}
          <ConfirmButton
            variant="light"
            color="red"
            size="xs"
            title={t('cancel.title')}
            message={t('cancel.message')}
            confirmLabel={t('cancel.confirm')}
            confirmColor="red"
            focusAfter='[data-testid="meeting-cancelled"]'
            testId="cancel-meeting"
            onConfirm={async () => {
              await cancel();
              notifySuccess(t('toast.cancelled'));
            }}
          >
            {t('cancel.button')}
          </ConfirmButton>
        </Group>
      </Group>
      {editing && (
        <MeetingForm
          original={meeting}
          submitLabel={t('edit.submit')}
          failureKey="meetings:toast.changeFailed"
          thenFocus={['[data-testid="edit-meeting"]']}
          onSubmit={async (sent) => {
            await change(meetingChangesOf(sent, meeting));
            notifySuccess(t('toast.changed'));
            setEditing(false);
          }}
        />
      )}
    </Card>
  );
}
