import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '../../../shared/api/accounts';
import { fieldErrorsOf } from '../../lib/form-errors';
import { handleError, notifySuccess } from '../../lib/notify';
import { passwordResetService } from './password-reset.service';

/** Asks for the member's email and mails a set-password link; says "check your mail" whatever the address. */
export function StartResetForm() {
  const { t } = useTranslation('passwordReset');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error, t)[''] ?? t('validation:emailInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await passwordResetService.start(parsed.data);
      notifySuccess(t('start.toast'));
      setSentTo(parsed.data);
    } catch (err) {
      // SPEC section 8: a failed start shows the error; what was typed stays.
      handleError(err);
    } finally {
      setBusy(false);
    }
  }

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
      <form onSubmit={submit} noValidate aria-label={t('start.formLabel')} data-testid="reset-start-form">
        <Stack>
          <TextInput
            type="email"
            label={t('start.email')}
            required
            autoComplete="username"
            value={email}
            error={error}
            onChange={(e) => setEmail(e.currentTarget.value)}
            name="email"
            data-autofocus
          />
          <Button type="submit" loading={busy} mt="sm">
            {t('start.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
