import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { partCommentInputSchema } from '../../../shared/api/reading-plan';
import { schemaChecks } from '../../lib/form-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { CommentPreview } from './CommentPreview';

interface CommentFormProps {
  initialText?: string;
  submitLabel: string;
  failureKey: string;
  /** Sends the text; a throw keeps what was typed and shows why. */
  onSubmit(text: string): Promise<unknown>;
  onCancel?(): void;
  testId: string;
}

/** A part comment's markdown (spoilers as `::words::`, as in posts), checked by the contract's schema, with a preview. */
export function CommentForm({ initialText = '', submitLabel, failureKey, onSubmit, onCancel, testId }: CommentFormProps) {
  const { t } = useTranslation('readingPlan');
  const form = useForm({ initialValues: { text: initialText }, ...schemaChecks(partCommentInputSchema, t) });
  const { onSubmit: submit, busy } = useFormSubmit(form, {
    async action({ text }) {
      await onSubmit(text);
      if (!onCancel) form.reset();
    },
    failureKey,
  });
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="xs">
        <Textarea
          label={t('comments.text')}
          description={t('comments.textHint')}
          autosize
          minRows={3}
          maxRows={12}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('text')}
          name="text"
        />
        <CommentPreview text={form.values.text} />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('comments.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
