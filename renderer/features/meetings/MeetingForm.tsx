import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting, NewMeeting } from '../../../shared/api/meetings';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MEETING_FIELD_OF, emptyMeetingForm, meetingChecks, valuesFromMeeting } from './meeting-form';
import { useClubBooks } from './queries';

interface MeetingFormProps {
  /** The meeting to change; none for a new one. */
  original: Meeting | null;
  submitLabel: string;
  failureKey: string;
  /** Sends what the checks passed; a throw keeps what was typed and shows why beside the fields. */
  onSubmit(meeting: NewMeeting): Promise<unknown>;
  /** Where focus goes when a success takes the form away. */
  thenFocus?: string[];
}

/**
 * A meeting's when (day and hours in the reader's own zone), where (a place, an online link, or both), book
 * (the club's current one unless another is chosen) and notes, checked by the contract's schema and the
 * shared rule for a whole meeting before it is sent.
 */
export function MeetingForm({ original, submitLabel, failureKey, onSubmit, thenFocus }: MeetingFormProps) {
  const { t } = useTranslation('meetings');
  const books = useClubBooks().data;
  const currentBookId = books?.[0]?.bookId ?? null;
  const form = useForm({
    initialValues: original ? valuesFromMeeting(original) : emptyMeetingForm(currentBookId),
    ...meetingChecks(t, original),
  });
  const { onSubmit: submit, busy, formError } = useFormSubmit(form, { action: onSubmit, failureKey, fieldOf: MEETING_FIELD_OF, thenFocus });
  const zone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  // The books arrive after the form: a new meeting is about the current book unless one was chosen.
  const bookOptions = [{ value: '', label: t('form.noBook') }, ...(books ?? []).map((book) => ({ value: String(book.bookId), label: book.post.title }))];
  useEffect(() => {
    if (!original && currentBookId && !form.isTouched('bookId') && form.getValues().bookId === '') form.setFieldValue('bookId', String(currentBookId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the current book becomes known: the form and the meeting it edits stay the same
  }, [currentBookId]);

  return (
    <form onSubmit={submit} noValidate data-testid="meeting-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('form.zoneHint', { zone })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput type="date" label={t('form.date')} required {...form.getInputProps('date')} name="date" />
          <TextInput type="time" label={t('form.startTime')} required {...form.getInputProps('startTime')} name="startTime" />
          <TextInput
            type="time"
            label={t('form.endTime')}
            description={t('form.endTimeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('endTime')}
            name="endTime"
          />
        </SimpleGrid>
        <Textarea
          label={t('form.place')}
          description={t('form.placeHint')}
          autosize
          minRows={2}
          maxRows={5}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('place')}
          name="place"
        />
        <TextInput
          type="url"
          label={t('form.onlineUrl')}
          description={t('form.onlineUrlHint')}
          placeholder="https://"
          leftSection={<IconLink size={16} />}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('onlineUrl')}
          name="onlineUrl"
        />
        <NativeSelect
          label={t('form.book')}
          description={original ? undefined : t('form.bookHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          data={bookOptions}
          {...form.getInputProps('bookId')}
          name="bookId"
        />
        <Textarea
          label={t('form.notes')}
          description={t('form.notesHint')}
          autosize
          minRows={3}
          maxRows={12}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('notes')}
          name="notes"
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
