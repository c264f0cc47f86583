import { Alert, Button, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarCheck, IconLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatePoll } from '../../../shared/api/date-polls';
import { checkedForm } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { bestOptionIds } from './date-poll-grid';
import { checkPick, type PickValues } from './date-poll-form';
import { optionWhen } from './date-poll-time';
import { usePickDatePoll } from './queries';

/**
 * A moderator picks the date that becomes the meeting: the best one is chosen to begin with. A poll with
 * neither a place nor a link asks for one here, as a meeting needs somewhere to be.
 */
export function PickForm({ poll, timeZone }: { poll: DatePoll; timeZone: string }) {
  const { t } = useTranslation('datePolls');
  const pick = usePickDatePoll(poll.datePollId).mutateAsync;
  const best = bestOptionIds(poll.options);
  const first = poll.options.find((option) => best.has(option.optionId)) ?? poll.options[0];
  const needsWhere = !poll.place && !poll.onlineUrl;
  const form = useForm({
    initialValues: { optionId: first ? String(first.optionId) : '', place: '', onlineUrl: '' } as PickValues,
    ...checkedForm(checkPick, t),
  });
  // The best date is chosen for the moderator as answers come in, until they choose one themselves.
  const bestId = first ? String(first.optionId) : '';
  useEffect(() => {
    if (form.isDirty('optionId')) return;
    const values = { ...form.getValues(), optionId: bestId };
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the best date changes
  }, [bestId]);
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    failureKey: 'datePolls:toast.pickFailed',
    thenFocus: ['[data-testid="picked-date"]'],
    action: async (sent) => {
      await pick({ optionId: sent.optionId, ...(needsWhere ? { place: sent.place, onlineUrl: sent.onlineUrl } : {}) });
      notifySuccess(t('toast.picked'));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="pick-form">
      <Stack gap="sm">
        <NativeSelect
          label={t('pick.date')}
          data={poll.options.map((option) => ({
            value: String(option.optionId),
            label: `${optionWhen(option, timeZone)}${best.has(option.optionId) ? ` — ${t('grid.best')}` : ''} (${t('grid.counts', {
              yes: option.yes.length,
              ifNeedBe: option.ifNeedBe.length,
              no: option.no.length,
            })})`,
          }))}
          {...form.getInputProps('optionId')}
          name="optionId"
        />
        {needsWhere && (
          <>
            <Textarea label={t('form.place')} description={t('pick.whereHint')} autosize minRows={2} {...form.getInputProps('place')} name="place" />
            <TextInput
              type="url"
              label={t('form.onlineUrl')}
              placeholder="https://"
              leftSection={<IconLink size={16} />}
              {...form.getInputProps('onlineUrl')}
              name="onlineUrl"
            />
          </>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={busy} leftSection={<IconCalendarCheck size={18} />}>
            {t('pick.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
