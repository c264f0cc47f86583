import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLocalInput } from './deadline-input';

/**
 * When a poll closes itself, as the moderator's browser writes a date and time (its own time zone, named
 * in the description). Spread a form's `getInputProps('closesAt')` on it.
 */
export function DeadlineInput(props: Omit<TextInputProps, 'type' | 'label'> & { label?: string }) {
  const { t } = useTranslation('polls');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <TextInput
      type="datetime-local"
      label={t('deadline.label')}
      description={t('deadline.zone', { zone })}
      min={toLocalInput(new Date().toISOString())}
      name="closesAt"
      data-testid="deadline-input"
      {...props}
    />
  );
}
