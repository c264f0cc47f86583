import { ActionIcon, Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Paper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_POLL_OPTIONS_MAX, DATE_POLL_OPTIONS_MIN, type DatePoll, type NewDatePoll } from '../../../shared/api/date-polls';
import { routeQuery } from '../../lib/route-query';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useQuery } from '@tanstack/react-query';
import { datePollChecks, emptyDatePollForm, nextOption, valuesFromPoll } from './date-poll-form';
import { readerZone, zoneLabel } from './date-poll-time';

interface DatePollFormProps {
  /** The poll to change; none for a new one. */
  original: DatePoll | null;
  submitLabel: string;
  failureKey: string;
  /** Sends what the checks passed; a throw keeps what was typed and shows why beside the fields. */
  onSubmit(poll: NewDatePoll): Promise<unknown>;
  thenFocus?: string[];
}

/**
 * A moderator proposes 2 to 30 dates (a day, a start and an optional end, in their own zone, named above the
 * rows), and optionally a deadline, a place, a link and the book. The contract's schema and the shared rule
 * for a poll's dates check it before it is sent; a refusal keeps every row as typed.
 */
export function DatePollForm({ original, submitLabel, failureKey, onSubmit, thenFocus }: DatePollFormProps) {
  const { t } = useTranslation('datePolls');
  const books = useQuery(routeQuery('books', 'list')).data;
  const form = useForm({ initialValues: original ? valuesFromPoll(original) : emptyDatePollForm(null), ...datePollChecks(t) });
  const { onSubmit: submit, busy, formError } = useFormSubmit(form, { action: onSubmit, failureKey, thenFocus });
  const zone = useMemo(() => zoneLabel(readerZone()), []);
  const options = form.getValues().options;
  const bookOptions = [{ value: '', label: t('form.noBook') }, ...(books ?? []).map((book) => ({ value: String(book.bookId), label: book.post.title }))];

  return (
    <form onSubmit={submit} noValidate data-testid="date-poll-form">
      <Stack gap="sm">
        <TextInput label={t('form.title')} description={t('form.titleHint')} required {...form.getInputProps('title')} name="title" />
        <Text size="sm" fw={600} id="date-poll-dates">
          {t('form.dates', { min: DATE_POLL_OPTIONS_MIN, max: DATE_POLL_OPTIONS_MAX })}
        </Text>
        <Text size="sm" c="dimmed" mt={-8} data-testid="date-poll-zone">
          {t('form.zoneHint', { zone })}
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="date-poll-dates">
          {options.map((option, index) => (
            <Paper component="li" key={option.key} withBorder p="xs" radius="md" data-testid="date-poll-form-option">
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" style={{ flex: 1 }}>
                  <TextInput
                    type="date"
                    label={t('form.date', { n: index + 1 })}
                    required
                    {...form.getInputProps(`options.${index}.date`)}
                    name={`options.${index}.date`}
                  />
                  <TextInput
                    type="time"
                    label={t('form.startTime', { n: index + 1 })}
                    required
                    {...form.getInputProps(`options.${index}.startTime`)}
                    name={`options.${index}.startTime`}
                  />
                  <TextInput
                    type="time"
                    label={t('form.endTime', { n: index + 1 })}
                    {...form.getInputProps(`options.${index}.endTime`)}
                    name={`options.${index}.endTime`}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  disabled={options.length <= DATE_POLL_OPTIONS_MIN}
                  aria-label={t('form.remove', { n: index + 1 })}
                  onClick={() => form.removeListItem('options', index)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
        {typeof form.errors.options === 'string' && (
          <Text size="sm" c="red" role="alert" data-testid="date-poll-options-error">
            {form.errors.options}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={options.length >= DATE_POLL_OPTIONS_MAX}
            onClick={() => form.insertListItem('options', nextOption(options[options.length - 1]))}
          >
            {t('form.add')}
          </Button>
        </Group>
        <TextInput
          type="datetime-local"
          label={t('form.closesAt')}
          description={t('form.closesAtHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('closesAt')}
          name="closesAt"
        />
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
          placeholder="https://"
          leftSection={<IconLink size={16} />}
          {...form.getInputProps('onlineUrl')}
          name="onlineUrl"
        />
        <NativeSelect label={t('form.book')} data={bookOptions} {...form.getInputProps('bookId')} name="bookId" />
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
