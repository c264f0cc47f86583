import { Button, Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerFirstAdminSchema } from '../../../shared/api/accounts';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { useSubmit } from '../../lib/use-submit';
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
  // A failure shows the server's detail (SPEC section 8); the form keeps what was typed.
  const { busy, fieldErrors: errors, submit } = useSubmit({
    schema: registerFirstAdminSchema,
    values: { email, password },
    async action(data) {
      await sessionService.registerFirstAdmin(data);
      notifySuccess(t('done'));
      await loadHome();
      showLogin(data.email);
      navigate('/');
    },
  });

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
