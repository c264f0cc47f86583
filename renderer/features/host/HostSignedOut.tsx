import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconRocket, IconWifi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HostSetup } from '../../../shared/api/host';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { RequireLogin } from '../../components/RequireLogin';
import { ApiError } from '../../lib/api';
import { AddressList } from './AddressList';
import { CopyValueButton } from './CopyValueButton';
import { HostSection } from './HostSection';
import { useHostSetup } from './queries';

/**
 * The host page signed out. Before the club has any account, the host's own machine (where the desktop app
 * opens this page on first start) is welcomed: where members will reach the club, the setup code, and the
 * way to set the club up. Anyone else (403), or later (409), is asked to sign in as for any page.
 */
export function HostSignedOut() {
  const { t } = useTranslation('host');
  const setup = useHostSetup();
  if (setup.data) return <SetupWelcome setup={setup.data} />;
  if (setup.error instanceof ApiError && (setup.error.status === 403 || setup.error.status === 409)) return <RequireLogin />;
  if (setup.isError) return <LoadFailed title={t('pages:host')} error={setup.error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;
  return <PageLoader />;
}

function SetupWelcome({ setup }: { setup: HostSetup }) {
  const { t } = useTranslation('host');
  return (
    <Stack gap="lg" data-testid="host-setup-welcome">
      <div>
        <PageTitle documentTitle={t('pages:host')}>{t('welcome.title', { siteName: setup.siteName })}</PageTitle>
        <Text c="dimmed" mt={-8} maw={640}>
          {t('welcome.intro')}
        </Text>
      </div>
      <Card withBorder shadow="sm" padding="lg" bg="var(--bookclub-color-accent-surface)" style={{ borderColor: 'var(--bookclub-color-accent-border)' }}>
        <Group justify="space-between" gap="md">
          <Stack gap={4} style={{ flex: '1 1 18rem' }}>
            <Title order={2} size="h4">
              {t('welcome.setUpTitle')}
            </Title>
            <Text size="sm">{t('welcome.setUpText')}</Text>
          </Stack>
          <Button component={Link} to={pages.setup()} size="md" leftSection={<IconRocket size={18} />} data-testid="set-up-club">
            {t('welcome.setUp')}
          </Button>
        </Group>
      </Card>
      <HostSection id="host-addresses" icon={<IconWifi size={20} />} title={t('addresses.title')} hint={t('welcome.addressesHint')}>
        <AddressList addresses={setup.addresses} printable={false} />
      </HostSection>
      {setup.setupCode && (
        <HostSection id="host-setup-code" icon={<IconKey size={20} />} title={t('welcome.codeTitle')} hint={t('welcome.codeHint')}>
          <Group gap="md">
            <Text ff="monospace" fw={700} size="xl" style={{ letterSpacing: '0.08em', userSelect: 'all' }} data-testid="setup-code-value">
              {setup.setupCode}
            </Text>
            <CopyValueButton value={setup.setupCode} label={t('welcome.copyCode')} testId="copy-setup-code" />
          </Group>
        </HostSection>
      )}
    </Stack>
  );
}
