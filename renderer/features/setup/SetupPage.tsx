import { Button, Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerFirstAdminSchema } from '../../../shared/api/accounts';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/form-errors';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAppStore } from '../../store/app-store';
import { sessionService } from '../session/session.service';
import { useLoginForm } from '../session/login-form.store';

/** Creates the club's first admin; the server allows it only while the club has no account. */
export function SetupPage() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const showLogin = useLoginForm((s) => s.show);
  const loadHome = useAppStore((s) => s.loadHome);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerFirstAdminSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await sessionService.registerFirstAdmin(parsed.data);
      notifySuccess(t('done'));
      await loadHome();
      showLogin(parsed.data.email);
      navigate('/');
    } catch (error) {
      // The server's detail says what went wrong (SPEC section 8); the form keeps what was typed.
      handleError(error);
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder shadow="sm" padding="xl" maw={480} mx="auto">
      <PageTitle>{t('title')}</PageTitle>
      <Text c="dimmed" mb="lg">
        {t('intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="email"
            label={t('email')}
            required
            autoComplete="username"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('password')}
            description={t('passwordHint')}
            required
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} mt="sm">
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
