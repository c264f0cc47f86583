import { Button, Grid, Stack, Text } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { useSessionStore } from '../../store/session-store';
import { BotsSection } from './BotsSection';
import { MatrixSection } from './MatrixSection';
import { WebhooksSection } from './WebhooksSection';
import { MembersSection } from './MembersSection';
import { NoticeboardSection } from './NoticeboardSection';
import { RegisterMemberSection } from './RegisterMemberSection';
import { SubscribersSection } from './SubscribersSection';
import { useAdminScreen } from './queries';

/** /admin (moderators; the route shows others the mods-only message): the club's housekeeping. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const isAdmin = useSessionStore((s) => !!s.myProfile?.isAdmin);
  const { ready, error, isError } = useAdminScreen(isAdmin);

  if (isError) return <LoadFailed title={t('pages:admin')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="admin-page">
      <div>
        <PageTitle>{t('pages:admin')}</PageTitle>
        <Text c="dimmed" mt={-8} maw={640}>
          {t('intro')}
        </Text>
        {isAdmin && (
          <Button component={Link} to={pages.host()} variant="light" size="xs" mt="sm" leftSection={<IconServer size={14} />} data-testid="host-page-link">
            {t('pages:host')}
          </Button>
        )}
      </div>
      {!ready ? (
        <PageLoader />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <NoticeboardSection />
              <MembersSection />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <RegisterMemberSection />
              <SubscribersSection />
            </Stack>
          </Grid.Col>
          {isAdmin && (
            <Grid.Col span={12}>
              <BotsSection />
            </Grid.Col>
          )}
          {isAdmin && (
            <>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <WebhooksSection />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <MatrixSection />
              </Grid.Col>
            </>
          )}
        </Grid>
      )}
    </Stack>
  );
}
