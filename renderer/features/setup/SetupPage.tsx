import { Button, Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { useSubmit } from '../../lib/use-submit';
import { useAppStore } from '../../store/app-store';
import { sessionService } from '../session/session.service';
import { useLoginForm } from '../session/login-form.store';
import { setupCodeRefusal, setupFormSchema, setupFormValues } from './setup-form';

/**
 * Creates the club's first admin; the server allows it only while the club has no account. From another
 * machine than the club's host it also asks for the one-time setup code the server printed on start.
 */
export function SetupPage() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const showLogin = useLoginForm((s) => s.show);
  const loadHome = useAppStore((s) => s.loadHome);
  const homeAsksForCode = useAppStore((s) => s.setupNeedsCode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [setupCode, setSetupCode] = useState('');
  // A refused code shows the server's reason beside the field, and the field even if home had not asked for it.
  const [serverAskedForCode, setServerAskedForCode] = useState(false);
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const needsCode = homeAsksForCode || serverAskedForCode;
  // A failure shows the server's detail (SPEC section 8); the form keeps what was typed.
  const { busy, fieldErrors: errors, submit } = useSubmit({
    schema: setupFormSchema(needsCode),
    values: setupFormValues({ email, password, setupCode }, needsCode),
    async action(data) {
      try {
        await sessionService.registerFirstAdmin(data);
      } catch (error) {
        const refusal = setupCodeRefusal(error);
        setCodeRefusal(refusal);
        if (refusal) setServerAskedForCode(true);
        throw error;
      }
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
          {needsCode && (
            <TextInput
              label={t('setupCode')}
              description={t('setupCodeHint')}
              required
              autoComplete="off"
              spellCheck={false}
              leftSection={<IconKey size={16} />}
              value={setupCode}
              error={errors.setupCode ?? codeRefusal ?? undefined}
              onChange={(e) => {
                setSetupCode(e.currentTarget.value);
                setCodeRefusal(null);
              }}
              name="setupCode"
              data-testid="setup-code"
            />
          )}
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
