import { Box, Button, Collapse, Container, Group, PasswordInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '../../../shared/api/accounts';
import { safeNextUrl } from '../../components/RequireLogin';
import { ApiError } from '../../lib/api';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAppStore } from '../../store/app-store';
import { useLoginForm } from './login-form.store';
import { fieldErrorsOf } from '../../lib/form-errors';

/**
 * The inline login form, revealed under the header by the Login button. Enter submits; a failure keeps
 * what was typed; success goes to nextUrl when the visitor was sent home from a protected page.
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useLoginForm();
  const login = useAppStore((s) => s.login);
  const signedIn = useAppStore((s) => s.token !== null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const visible = form.open && !signedIn;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email: form.email, password: form.password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await login(parsed.data.email, parsed.data.password);
      form.cancel();
      notifySuccess(t('login.welcomeBack'));
      const next = safeNextUrl(params.get('nextUrl'));
      if (next) navigate(next, { replace: true });
    } catch (error) {
      handleError(error, 'login.failed');
      if (error instanceof ApiError && error.status === 400) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Collapse expanded={visible} id="login-panel">
      {/* Unmounted while hidden, so a closed form is out of the tab order and the accessibility tree. */}
      {visible && (
      <Box bg="burgundy.0" py="md" style={{ borderBottom: '1px solid var(--mantine-color-burgundy-1)' }}>
        <Container size="lg">
          <form onSubmit={submit} noValidate aria-label={t('login.title')}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                type="email"
                label={t('login.email')}
                name="email"
                autoComplete="username"
                required
                value={form.email}
                error={errors.email}
                onChange={(e) => form.setField('email', e.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
                data-autofocus
              />
              <PasswordInput
                label={t('login.password')}
                name="password"
                autoComplete="current-password"
                required
                value={form.password}
                error={errors.password}
                onChange={(e) => form.setField('password', e.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
              />
              <Group gap="xs" mt={25} wrap="wrap">
                <Button type="submit" loading={busy}>
                  {t('login.submit')}
                </Button>
                <Button
                  variant="subtle"
                  onClick={() => {
                    form.cancel();
                    navigate('/passwordreset');
                  }}
                >
                  {t('nav.forgottenPassword')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    form.cancel();
                    setErrors({});
                  }}
                >
                  {t('login.cancel')}
                </Button>
              </Group>
            </Group>
          </form>
        </Container>
      </Box>
      )}
    </Collapse>
  );
}
