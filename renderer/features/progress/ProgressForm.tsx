import { Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ProgressEntry } from '../../../shared/api/progress';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { progressChecks, valuesFromProgress, type ProgressKind } from './progress-form';
import { useRecordProgress } from './queries';

/**
 * Where the member is in a book: a page, a percentage or finished, and whether the club sees it (not until
 * they tick it). Their entry fills the form; saving replaces it. A refusal keeps what was typed and says why
 * on the field.
 */
export function ProgressForm({ bookId, pageCount, mine }: { bookId: number; pageCount: number | null; mine: ProgressEntry | null }) {
  const { t } = useTranslation('progress');
  const record = useRecordProgress().mutateAsync;
  const form = useForm({ initialValues: valuesFromProgress(mine), ...progressChecks(t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(update) {
      await record({ bookId, update });
      notifySuccess(t('toast.saved'));
    },
    failureKey: 'progress:toast.saveFailed',
  });
  const { kind } = form.values;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('form.label')} data-testid="progress-form">
      <Stack gap="sm">
        <Radio.Group
          label={t('form.where')}
          {...form.getInputProps('kind')}
          onChange={(value) => {
            form.setFieldValue('kind', value as ProgressKind);
            form.clearErrors();
          }}
          name="kind"
        >
          <Group gap="lg" mt={6}>
            {(['page', 'percent', 'finished'] as const).map((value) => (
              <Radio key={value} value={value} label={t(`form.kind.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        {kind === 'page' && (
          <TextInput
            label={t('form.page')}
            description={pageCount ? t('form.pageOf', { pageCount }) : undefined}
            inputMode="numeric"
            maw={220}
            {...form.getInputProps('page')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            name="page"
          />
        )}
        {kind === 'percent' && (
          <TextInput
            label={t('form.percent')}
            description={t('form.percentHint')}
            inputMode="numeric"
            rightSection="%"
            maw={220}
            {...form.getInputProps('percent')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            name="percent"
          />
        )}
        <Checkbox label={t('form.shared')} description={t('form.sharedHint')} {...form.getInputProps('shared', { type: 'checkbox' })} name="shared" />
        <Group gap="sm" mt={4}>
          <Button type="submit" loading={busy}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
