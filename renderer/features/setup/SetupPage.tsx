import { Button, Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useRefreshHome, useSetupNeedsCode } from '../home';
import { useLoginForm } from '../session';
import { useRegisterFirstAdmin } from './queries';
import { emptySetupForm, setupChecks, setupCodeRefusal } from './setup-form';

/**
 * Creates the club's first admin; the server allows it only while the club has no account. From another
 * machine than the club's host it also asks for the one-time setup code the server printed on start.
 */
export function SetupPage() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const showLogin = useLoginForm((s) => s.show);
  const registerFirstAdmin = useRegisterFirstAdmin().mutateAsync;
  const loadHome = useRefreshHome();
  const homeAsksForCode = useSetupNeedsCode();
  // A refused code shows the server's reason beside the field, and the field even if home had not asked for it.
  const [serverAskedForCode, setServerAskedForCode] = useState(false);
  const needsCode = homeAsksForCode || serverAskedForCode;
  const form = useForm({ initialValues: emptySetupForm, ...setupChecks(needsCode, t) });
  // A failure shows the server's detail (SPEC section 8); the form keeps what was typed.
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(request) {
      await registerFirstAdmin(request);
      notifySuccess(t('done'));
      await loadHome();
      showLogin(request.email);
      navigate(pages.home());
    },
    onFailure({ error }) {
      const refusal = setupCodeRefusal(error);
      if (!refusal) return;
      setServerAskedForCode(true);
      form.setFieldError('setupCode', refusal);
    },
  });

  return (
    <Card withBorder shadow="sm" padding="xl" maw={480} mx="auto">
      <PageTitle>{t('title')}</PageTitle>
      <Text c="dimmed" mb="lg">
        {t('intro')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {needsCode && (
            <TextInput
              label={t('setupCode')}
              description={t('setupCodeHint')}
              required
              autoComplete="off"
              spellCheck={false}
              leftSection={<IconKey size={16} />}
              {...form.getInputProps('setupCode')}
              name="setupCode"
              data-testid="setup-code"
            />
          )}
          <TextInput type="email" label={t('email')} required autoComplete="username" {...form.getInputProps('email')} />
          <TextInput label={t('name')} description={t('nameHint')} autoComplete="name" {...form.getInputProps('name')} />
          <PasswordInput label={t('password')} description={t('passwordHint')} required autoComplete="new-password" {...form.getInputProps('password')} />
          <Button type="submit" loading={busy} mt="sm">
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
