import { Checkbox, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_EVENTS, WEBHOOK_FORMATS } from '../../../shared/api/chat';

/** A hook's shape and events, as the new hook's form and a hook's edit form both ask them (`inputProps`: the form's getInputProps). */
export function WebhookShapeAndEvents({ inputProps }: { inputProps(path: 'format' | 'events'): GetInputPropsReturnType }) {
  const { t } = useTranslation('admin');
  const labelId = useId();
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t('chat.formatLabel')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`chat.format.${format}`) }))}
          {...inputProps('format')}
        />
      </Stack>
      <Checkbox.Group label={t('chat.events')} {...inputProps('events')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
          {CHAT_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(`chat.event.${event}`)} size="sm" />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  );
}
