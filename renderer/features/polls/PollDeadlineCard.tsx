import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockEdit, IconClockOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/polls';
import { checkedForm } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useAction, useFormSubmit } from '../../lib/use-form-submit';
import { DeadlineInput } from './DeadlineInput';
import { deadlineCheck, toLocalInput } from './deadline-input';
import { useSetDeadline } from './queries';

/** Moderators set, move or clear when an open poll closes itself. */
export function PollDeadlineCard({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const setDeadline = useSetDeadline(poll.pollId).mutateAsync;
  const form = useForm({ initialValues: { closesAt: toLocalInput(poll.closesAt) }, ...checkedForm(deadlineCheck(true), t) });
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    async action({ closesAt }) {
      await setDeadline(closesAt);
      notifySuccess(t('deadline.saved'));
    },
  });
  const clear = useAction();

  // Another moderator's change arrives live: the field follows it unless this one is being edited.
  const shown = toLocalInput(poll.closesAt);
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ closesAt: shown });
    form.resetDirty({ closesAt: shown });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the deadline changes: the form is the same throughout
  }, [shown]);

  return (
    <Card withBorder padding="lg" bg="var(--bookclub-color-inset)" data-testid="poll-deadline-card">
      <Title order={2} size="h5" mb={4}>
        {t('deadline.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('deadline.hint')}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('deadline.heading')}>
        <Stack gap="sm">
          <DeadlineInput {...form.getInputProps('closesAt')} />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={busy} leftSection={<IconClockEdit size={16} />} data-testid="save-deadline">
              {t('deadline.save')}
            </Button>
            {poll.closesAt && (
              <Button
                variant="subtle"
                color="gray"
                loading={clear.busy}
                leftSection={<IconClockOff size={16} />}
                data-testid="clear-deadline"
                onClick={() =>
                  void clear.run(async () => {
                    await setDeadline(null);
                    form.setValues({ closesAt: '' });
                    notifySuccess(t('deadline.cleared'));
                  })
                }
              >
                {t('deadline.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
