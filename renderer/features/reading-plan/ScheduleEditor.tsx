import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { READING_PARTS_MAX } from '../../../shared/api/reading-plan';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useSetSchedule } from './queries';
import { emptyRow, rowsFromSpread, scheduleChecks, valuesFromSchedule } from './schedule-form';
import { SpreadEvenly } from './SpreadEvenly';

interface ScheduleEditorProps {
  bookId: number;
  pageCount: number | null;
  parts: readonly ReadingPart[];
  /** After a save, or when the moderator gives up. */
  onDone(): void;
}

/**
 * The moderators' schedule editor: a row per part (title, last page, due day, due at the end of that day),
 * rows added and removed, or proposed by "Spread evenly". Checked by the contract's schema and the shared
 * rule before it is sent; a refusal keeps what was typed and says why.
 */
export function ScheduleEditor({ bookId, pageCount, parts, onDone }: ScheduleEditorProps) {
  const { t } = useTranslation('readingPlan');
  const save = useSetSchedule(bookId).mutateAsync;
  const form = useForm({ initialValues: valuesFromSchedule(parts), ...scheduleChecks(t, pageCount) });
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    async action(change) {
      await save(change);
      notifySuccess(t('editor.saved'));
      onDone();
    },
    failureKey: 'readingPlan:editor.saveFailed',
    thenFocus: ['[data-testid="edit-schedule"]'],
  });
  const rows = form.values.parts;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('editor.label')} data-testid="schedule-editor">
      <Stack gap="sm">
        <SpreadEvenly
          bookId={bookId}
          pageCount={pageCount}
          onSpread={(spread) =>
            form.setFieldValue(
              'parts',
              rowsFromSpread(spread, rows, (part) => t('spread.partTitle', { from: part.fromPage, to: part.toPage })),
            )
          }
        />
        <Text size="sm" c="dimmed">
          {t('editor.hint', { zone })}
          {pageCount ? ` ${t('editor.pageCount', { pageCount })}` : ''}
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="editor-empty">
            {t('editor.empty')}
          </Text>
        )}
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row, index) => (
            <Group key={row.key} component="li" gap="xs" align="flex-start" wrap="wrap" data-testid="editor-row">
              <TextInput
                label={t('editor.title', { number: index + 1 })}
                placeholder={t('editor.titlePlaceholder')}
                style={{ flex: '3 1 14rem' }}
                {...form.getInputProps(`parts.${index}.title`)}
              />
              <TextInput label={t('editor.toPage')} inputMode="numeric" style={{ flex: '1 1 6rem' }} {...form.getInputProps(`parts.${index}.toPage`)} />
              <TextInput type="date" label={t('editor.dueDay')} style={{ flex: '1 1 9rem' }} {...form.getInputProps(`parts.${index}.dueDay`)} />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={t('editor.remove', { number: index + 1 })}
                onClick={() => form.removeListItem('parts', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= READING_PARTS_MAX}
            onClick={() => form.insertListItem('parts', emptyRow())}
          >
            {t('editor.add')}
          </Button>
        </Group>
        {typeof form.errors.parts === 'string' && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {form.errors.parts}
          </Text>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert" data-testid="editor-error">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t('editor.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('editor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
