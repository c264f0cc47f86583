import { Card, Group, ThemeIcon } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';
import { FinishResetForm } from './FinishResetForm';
import { StartResetForm } from './StartResetForm';

/**
 * /passwordreset/{userId?}/{token?}: without a token, ask for the email and mail a link; with one (the link
 * from an invitation or a reset mail), choose the new password.
 */
export function PasswordResetPage() {
  const { t } = useTranslation('passwordReset');
  const { userId, token } = useParams();
  const finishing = !!userId && !!token;
  return (
    <Card withBorder shadow="sm" padding="xl" maw={480} mx="auto" data-testid="password-reset-page">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconKey size={22} />
        </ThemeIcon>
        <PageTitle documentTitle={t('pages:passwordReset')}>{finishing ? t('finish.title') : t('pages:passwordReset')}</PageTitle>
      </Group>
      {finishing ? <FinishResetForm key={`${userId}/${token}`} userId={userId} token={token} /> : <StartResetForm />}
    </Card>
  );
}
