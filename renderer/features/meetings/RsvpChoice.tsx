import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting, RsvpAnswer } from '../../../shared/api/meetings';
import { RSVP_ORDER } from './viewer-answer';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { hasEnded } from './meeting-when';
import { useAnswerMeeting } from './queries';

const isAnswer = (value: string): value is RsvpAnswer => (RSVP_ORDER as readonly string[]).includes(value);

/**
 * The member's own answer (going, maybe, not going) as a labelled radio group; choosing another replaces it.
 * A cancelled meeting, or one that has begun, takes no answers and says so.
 */
export function RsvpChoice({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const labelId = useId();
  const answer = useAnswerMeeting(meeting.meetingId).mutateAsync;
  const { run, busy } = useAction({ failureKey: 'meetings:toast.answerFailed' });

  if (meeting.isCancelled || hasEnded(meeting)) {
    return (
      <Text size="sm" c="dimmed" data-testid="rsvp-closed">
        {meeting.myRsvp && `${t('rsvp.yours', { answer: t(`rsvp.${meeting.myRsvp}`) })} `}
        {meeting.isCancelled ? t('rsvp.closedCancelled') : t('rsvp.closedPast')}
      </Text>
    );
  }

  function choose(value: string) {
    if (!isAnswer(value) || value === meeting.myRsvp) return;
    void run(async () => {
      await answer(value);
      notifySuccess(t('toast.answered', { answer: t(`rsvp.${value}`) }));
    });
  }

  return (
    <Stack gap={6} data-testid="rsvp-choice">
      <Group gap="xs" justify="space-between">
        <Text fw={600} size="sm" id={labelId}>
          {t('rsvp.label')}
        </Text>
        {!meeting.myRsvp && (
          <Text size="xs" c="dimmed">
            {t('rsvp.none')}
          </Text>
        )}
      </Group>
      <SegmentedControl
        value={meeting.myRsvp ?? ''}
        onChange={choose}
        disabled={busy}
        fullWidth
        aria-labelledby={labelId}
        data={RSVP_ORDER.map((value) => ({ value, label: t(`rsvp.${value}`) }))}
      />
    </Stack>
  );
}
