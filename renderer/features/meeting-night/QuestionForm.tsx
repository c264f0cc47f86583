import { Button, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { newQuestionSchema, type NewQuestion } from '../../../shared/api/meeting-night';
import { schemaChecks } from '../../lib/form-errors';
import { useFormSubmit } from '../../lib/use-form-submit';

export interface QuestionFormValues {
  text: string;
  hasSpoilers: boolean;
}

export interface QuestionFormProps {
  initial?: QuestionFormValues;
  submitLabel: string;
  /** The toast's message when the server refuses it (else the server's reason). */
  failureKey: string;
  /** Sends the question; a throw keeps what was typed and shows why. */
  onSubmit(question: NewQuestion): Promise<unknown>;
  /** Editing: the way out without saving. */
  onCancel?(): void;
  /** Cleared after a success (a new question), or left to the caller (an edit that closes). */
  resetOnSuccess?: boolean;
  testId: string;
}

/**
 * A discussion question: markdown (short; the list shows it rendered), and the spoiler mark (folded for members who have not
 * finished the meeting's book). The contract's schema checks it as the server does.
 */
export function QuestionForm({
  initial = { text: '', hasSpoilers: false },
  submitLabel,
  failureKey,
  onSubmit,
  onCancel,
  resetOnSuccess,
  testId,
}: QuestionFormProps) {
  const { t } = useTranslation('meetingNight');
  const form = useForm({ initialValues: initial, ...schemaChecks<QuestionFormValues, typeof newQuestionSchema>(newQuestionSchema, t) });
  const { onSubmit: submit, busy } = useFormSubmit(form, {
    async action(question) {
      await onSubmit(question);
      if (resetOnSuccess) form.reset();
    },
    failureKey,
  });

  return (
    <form onSubmit={submit} noValidate data-testid={testId} aria-label={submitLabel}>
      <Stack gap="sm">
        <Textarea
          label={t('questions.text')}
          description={t('questions.textHint')}
          required
          autosize
          minRows={2}
          maxRows={10}
          {...form.getInputProps('text')}
          name="text"
        />
        <Checkbox
          label={t('progress:mark.label')}
          description={t('questions.spoilerHint')}
          {...form.getInputProps('hasSpoilers', { type: 'checkbox' })}
          name="hasSpoilers"
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              {t('questions.cancelEdit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
