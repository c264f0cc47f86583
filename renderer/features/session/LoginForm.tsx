import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '../../../shared/api/accounts';
import { pages } from '../../../shared/pages';
import { safeNextUrl } from '../../components/RequireLogin';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useLoginForm } from './login-form.store';
import { login } from './session';

/**
 * The login form in the panel under the header (LoginPanel.tsx). Enter submits; a failure keeps what was
 * typed; success goes to nextUrl when the visitor was sent home from a protected page.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefillEmail = useLoginForm((s) => s.email);
  const cancel = useLoginForm((s) => s.cancel);
  const form = useForm({ initialValues: { email: prefillEmail, password: '' }, ...schemaChecks(loginSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action({ email, password }) {
      await login(email, password);
      cancel();
      notifySuccess(t('login.welcomeBack'));
      const next = safeNextUrl(params.get('nextUrl'));
      if (next) navigate(next, { replace: true });
    },
    failureKey: 'login.failed',
  });

  // Asked to open with another email while open: the email changes, the password stays. Only a new email
  // to open with runs this (the form object is new on every render).
  const openedWith = useRef(prefillEmail);
  useEffect(() => {
    if (!prefillEmail || prefillEmail === openedWith.current) return;
    openedWith.current = prefillEmail;
    form.setFieldValue('email', prefillEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillEmail]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="email"
          label={t('login.email')}
          name="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
          style={{ flex: '1 1 220px' }}
          data-autofocus
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
          style={{ flex: '1 1 220px' }}
        />
        <Group gap="xs" mt={25} wrap="wrap">
          <Button type="submit" loading={busy}>
            {t('login.submit')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              cancel();
              navigate(pages.passwordReset());
            }}
          >
            {t('nav.forgottenPassword')}
          </Button>
          <Button variant="default" onClick={cancel}>
            {t('login.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
