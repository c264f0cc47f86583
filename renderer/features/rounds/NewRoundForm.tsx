import { Button, Group, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { newRoundSchema, type RoundTopic } from '../../../shared/api/rounds';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MarkdownPreview } from '../discussions';
import { useStartRound } from './queries';

/** Moderators start a round: with book suggestions at once, or with themes first. */
export function NewRoundForm({ onStarted }: { onStarted?(): void }) {
  const { t } = useTranslation('rounds');
  const start = useStartRound().mutateAsync;
  const form = useForm({
    initialValues: { topic: 'Books' as RoundTopic, title: '', description: '' },
    ...schemaChecks(newRoundSchema, t),
  });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(round) {
      await start(round);
      notifySuccess(t('toast.started'));
      form.setValues({ title: '', description: '' });
      onStarted?.();
    },
    failureKey: 'rounds:toast.startFailed',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('new.title')} data-testid="new-round-form">
      <Stack gap="sm">
        <Radio.Group label={t('new.topic')} {...form.getInputProps('topic')} required>
          <Group gap="lg" mt={6}>
            <Radio value="Books" label={t('new.topicBooks')} />
            <Radio value="Themes" label={t('new.topicThemes')} />
          </Group>
        </Radio.Group>
        <TextInput label={t('new.roundTitle')} placeholder={t('new.roundTitlePlaceholder')} required {...form.getInputProps('title')} name="title" />
        <Textarea
          label={t('new.description')}
          description={t('new.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
          name="description"
        />
        <MarkdownPreview text={form.values.description} />
        <Group>
          <Button type="submit" loading={busy}>
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
