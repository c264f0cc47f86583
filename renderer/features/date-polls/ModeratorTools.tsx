import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatePoll } from '../../../shared/api/date-polls';
import { ConfirmButton } from '../../components/ConfirmButton';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { datePollChangesOf } from './date-poll-form';
import { DatePollForm } from './DatePollForm';
import { PickForm } from './PickForm';
import { useCancelDatePoll, useChangeDatePoll, useRemindDatePoll } from './queries';

/**
 * What moderators do with an open poll: see who has not answered and remind them by mail (the server allows
 * it once a day and says when again), pick the date that becomes the meeting, edit it, or cancel it.
 */
export function ModeratorTools({ poll, timeZone, answersOpen }: { poll: DatePoll; timeZone: string; answersOpen: boolean }) {
  const { t } = useTranslation('datePolls');
  const [editing, setEditing] = useState(false);
  const change = useChangeDatePoll(poll.datePollId).mutateAsync;
  const cancel = useCancelDatePoll(poll.datePollId).mutateAsync;
  const remind = useRemindDatePoll(poll.datePollId).mutateAsync;
  const reminding = useAction();
  const notAnswered = poll.notAnswered ?? [];
  const editId = `edit-date-poll-${poll.datePollId}`;

  return (
    <Stack gap="md" component="section" aria-labelledby={`moderate-${poll.datePollId}`} data-testid="date-poll-moderation">
      <Divider />
      <Title order={4} id={`moderate-${poll.datePollId}`}>
        {t('moderators.title')}
      </Title>
      {answersOpen && (
        <Stack gap={6} data-testid="not-answered">
          <Text size="sm">
            {notAnswered.length === 0
              ? t('moderators.allAnswered')
              : t('moderators.notAnswered', { count: notAnswered.length, names: notAnswered.map((member) => member.name).join(', ') })}
          </Text>
          {notAnswered.length > 0 && (
            <Group>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconMailForward size={16} />}
                loading={reminding.busy}
                data-testid="remind"
                onClick={() =>
                  void reminding.run(async () => {
                    const reminder = await remind();
                    notifySuccess(t('toast.reminded', { count: reminder.reminded }));
                  })
                }
              >
                {t('moderators.remind')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Title order={5}>{t('pick.title')}</Title>
      <PickForm poll={poll} timeZone={timeZone} />
      <Group gap="xs">
        {editing ? (
          <Button variant="subtle" size="xs" leftSection={<IconX size={16} />} onClick={() => setEditing(false)}>
            {t('edit.close')}
          </Button>
        ) : (
          <Button variant="light" size="xs" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} id={editId} data-testid="edit-date-poll">
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
          focusAfter='[data-testid="date-poll-cancelled"]'
          testId="cancel-date-poll"
          onConfirm={async () => {
            await cancel();
            notifySuccess(t('toast.cancelled'));
          }}
        >
          {t('cancel.button')}
        </ConfirmButton>
      </Group>
      {editing && (
        <DatePollForm
          original={poll}
          submitLabel={t('edit.submit')}
          failureKey="datePolls:toast.changeFailed"
          thenFocus={[`#${editId}`]}
          onSubmit={async (sent) => {
            await change(datePollChangesOf(sent));
            notifySuccess(t('toast.changed'));
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
