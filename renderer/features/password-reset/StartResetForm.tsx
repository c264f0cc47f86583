import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '../../../shared/api/accounts';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useStartPasswordReset } from './queries';

/** Asks for the member's email and mails a set-password link; says "check your mail" whatever the address. */
export function StartResetForm() {
  const { t } = useTranslation('passwordReset');
  const startReset = useStartPasswordReset().mutateAsync;
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The schema checks the address itself; its message goes beside the email field.
  const form = useForm({
    initialValues: { email: '' },
    ...schemaChecks(emailSchema, t, { input: (values: { email: string }) => values.email, fieldOf: { '': 'email' } }),
  });
  // SPEC section 8: a failed start shows the error; what was typed stays.
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(email) {
      await startReset(email);
      notifySuccess(t('start.toast'));
      setSentTo(email);
    },
  });

  if (sentTo) {
    return (
      <Stack gap="md" data-testid="reset-mail-sent">
        <Alert color="teal" variant="light" icon={<IconMailOpened size={20} />} title={t('start.sentTitle')}>
          {t('start.sentText', { email: sentTo })}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('start.sentHint')}
        </Text>
        <Button variant="subtle" w="fit-content" px={4} onClick={() => setSentTo(null)}>
          {t('start.again')}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <Text c="dimmed" mb="lg">
        {t('start.intro')}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('start.formLabel')} data-testid="reset-start-form">
        <Stack>
          <TextInput type="email" label={t('start.email')} required autoComplete="username" {...form.getInputProps('email')} name="email" data-autofocus />
          <Button type="submit" loading={busy} mt="sm">
            {t('start.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
