import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerUserSchema } from '../../../shared/api/admin';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminSection } from './AdminSection';
import { useRegisterUser } from './queries';

/** A moderator registers a member by email and name; the server mails them a link to choose a password. */
export function RegisterMemberSection() {
  const { t } = useTranslation('admin');
  const registerUser = useRegisterUser().mutateAsync;
  const [invited, setInvited] = useState<{ email: string; name: string } | null>(null);
  const form = useForm({ initialValues: { email: '', name: '' }, ...schemaChecks(registerUserSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(request) {
      const profile = await registerUser(request);
      notifySuccess(t('register.created'));
      setInvited({ email: profile.email, name: profile.name });
      form.reset();
    },
  });

  return (
    <AdminSection id="admin-register" icon={<IconUserPlus size={20} />} title={t('register.title')} hint={t('register.hint')}>
      {invited && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward size={18} />}
          mb="md"
          withCloseButton
          closeButtonLabel={t('common:closeMessage')}
          onClose={() => setInvited(null)}
          data-testid="invitation-sent"
        >
          {t('register.invited', invited)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('register.title')}>
        <Stack gap="sm">
          <TextInput type="email" label={t('register.email')} required autoComplete="off" {...form.getInputProps('email')} name="email" />
          <TextInput label={t('register.name')} description={t('register.nameHint')} autoComplete="off" {...form.getInputProps('name')} name="name" />
          <Button type="submit" loading={busy} leftSection={<IconMailForward size={16} />} w="fit-content">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AdminSection>
  );
}
