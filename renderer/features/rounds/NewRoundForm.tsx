import { Button, Group, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRoundSchema, type RoundTopic } from '../../../shared/api/rounds';
import { notifySuccess } from '../../lib/notify';
import { useSubmit } from '../../lib/use-submit';
import { MarkdownPreview } from '../discussions/MarkdownPreview';
import { useRoundsStore } from './rounds.store';

/** Moderators start a round: with book suggestions at once, or with themes first. */
export function NewRoundForm({ onStarted }: { onStarted?(): void }) {
  const { t } = useTranslation('rounds');
  const start = useRoundsStore((s) => s.start);
  const [topic, setTopic] = useState<RoundTopic>('Books');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const { busy, fieldErrors: errors, submit } = useSubmit({
    schema: newRoundSchema,
    values: { topic, title, description },
    async action(data) {
      await start(data);
      notifySuccess(t('toast.started'));
      setTitle('');
      setDescription('');
      onStarted?.();
    },
    failureKey: 'rounds:toast.startFailed',
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('new.title')} data-testid="new-round-form">
      <Stack gap="sm">
        <Radio.Group label={t('new.topic')} value={topic} onChange={(value) => setTopic(value as RoundTopic)} error={errors.topic} required>
          <Group gap="lg" mt={6}>
            <Radio value="Books" label={t('new.topicBooks')} />
            <Radio value="Themes" label={t('new.topicThemes')} />
          </Group>
        </Radio.Group>
        <TextInput
          label={t('new.roundTitle')}
          placeholder={t('new.roundTitlePlaceholder')}
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          name="title"
        />
        <Textarea
          label={t('new.description')}
          description={t('new.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          value={description}
          error={errors.description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          name="description"
        />
        <MarkdownPreview text={description} />
        <Group>
          <Button type="submit" loading={busy}>
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
