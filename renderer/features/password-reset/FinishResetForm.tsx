import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { passwordResetFinishSchema, type PasswordResetFinish } from '../../../shared/api/accounts';
import { pages } from '../../../shared/pages';
import { schemaChecks, type FormChecks, type Translate } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useLoginForm } from '../session';
import { useFinishPasswordReset } from './queries';

interface FinishValues {
  password: string;
  confirm: string;
}

/** The shared schema on the link's token and the new password, and the two passwords alike. */
function finishChecks(token: string, t: Translate): FormChecks<FinishValues, PasswordResetFinish> {
  const schema = schemaChecks(passwordResetFinishSchema, t, { input: (values: FinishValues) => ({ resetToken: token, password: values.password }) });
  return {
    validate(values) {
      const errors = schema.validate(values);
      if (!errors.password && values.confirm !== values.password) errors.confirm = t('finish.mismatch');
      return errors;
    },
    transformValues: schema.transformValues,
  };
}

/**
 * From the mail's link (an invitation or a reset): the new password, typed twice. Success opens the login
 * form; a used or expired link says so and keeps what was typed.
 */
export function FinishResetForm({ userId, token }: { userId: string; token: string }) {
  const { t } = useTranslation('passwordReset');
  const navigate = useNavigate();
  const showLogin = useLoginForm((s) => s.show);
  const finishReset = useFinishPasswordReset().mutateAsync;
  const form = useForm({ initialValues: { password: '', confirm: '' }, ...finishChecks(token, t) });
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    async action(request) {
      await finishReset({ userId, request });
      notifySuccess(t('finish.changed'));
      showLogin();
      navigate(pages.home(), { replace: true });
    },
  });
  // The link itself is refused (used, expired, malformed): no field can fix that, so it says so above the form.
  const refusal = formError ?? (form.errors.resetToken as string | undefined);

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
          <Button component={Link} to={pages.passwordReset()} variant="light" color="red" size="xs">
            {t('finish.newLink')}
          </Button>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('finish.formLabel')} data-testid="reset-finish-form">
        <Stack>
          <PasswordInput
            label={t('finish.password')}
            description={t('finish.passwordHint')}
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
            name="password"
            data-autofocus
          />
          <PasswordInput label={t('finish.confirm')} required autoComplete="new-password" {...form.getInputProps('confirm')} name="confirm" />
          <Button type="submit" loading={busy} mt="sm">
            {t('finish.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
