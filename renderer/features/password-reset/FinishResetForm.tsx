import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { passwordResetFinishSchema } from '../../../shared/api/accounts';
import { ApiError } from '../../lib/api';
import { apiFieldErrors } from '../../lib/api-errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { handleError, notifySuccess } from '../../lib/notify';
import { useLoginForm } from '../session/login-form.store';
import { passwordResetService } from './password-reset.service';

/**
 * From the mail's link (an invitation or a reset): the new password, typed twice. Success opens the login
 * form; a used or expired link says so and keeps what was typed.
 */
export function FinishResetForm({ userId, token }: { userId: string; token: string }) {
  const { t } = useTranslation('passwordReset');
  const navigate = useNavigate();
  const showLogin = useLoginForm((s) => s.show);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetFinishSchema.safeParse({ resetToken: token, password });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error, t);
    if (!found.password && confirm !== password) found.confirm = t('finish.mismatch');
    if (!parsed.success || found.confirm) {
      setErrors(found);
      if (found.resetToken) setRefusal(found.resetToken);
      return;
    }
    setErrors({});
    setRefusal(null);
    setBusy(true);
    try {
      await passwordResetService.finish(userId, parsed.data);
      notifySuccess(t('finish.changed'));
      showLogin();
      navigate('/', { replace: true });
    } catch (error) {
      handleError(error);
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (!fields.password) setRefusal(error instanceof ApiError && error.problem ? error.problem.detail : t('common:error.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Text c="dimmed" mb="lg">
        {t('finish.intro')}
      </Text>
      {refusal && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('finish.refusedTitle')} mb="md" data-testid="reset-refused">
          <Text size="sm" mb="xs">
            {refusal}
          </Text>
          <Button component={Link} to="/passwordreset" variant="light" color="red" size="xs">
            {t('finish.newLink')}
          </Button>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('finish.formLabel')} data-testid="reset-finish-form">
        <Stack>
          <PasswordInput
            label={t('finish.password')}
            description={t('finish.passwordHint')}
            required
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            name="password"
            data-autofocus
          />
          <PasswordInput
            label={t('finish.confirm')}
            required
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            name="confirm"
          />
          <Button type="submit" loading={busy} mt="sm">
            {t('finish.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
