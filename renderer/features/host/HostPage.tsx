import { Alert, Grid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLogout, IconWifi } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Restored } from '../../../shared/api/host';
import { pages } from '../../../shared/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { formatDate } from '../../lib/format-date';
import { notifySuccess } from '../../lib/notify';
import { AddressList } from './AddressList';
import { BackupsSection } from './BackupsSection';
import { ClubRestarting } from './ClubRestarting';
import { HostGate } from './HostGate';
import { HostSection } from './HostSection';
import { MailSection } from './MailSection';
import { RestoreSection } from './RestoreSection';
import { HostSignedOut } from './HostSignedOut';
import { StateSection } from './StateSection';
import './host.css';
import { useEndSessions, useHostStatus } from './queries';
import { useRestoredNotice, type RestoredNotice } from './restored-notice';

/**
 * /admin/host: the host's console (admins). Where members reach the club, how it is doing, its mail and its
 * backups, and a restore. Signed out, the host's own machine is welcomed while the club has no account.
 */
export function HostPage() {
  return (
    <HostGate signedOut={<HostSignedOut />}>
      <HostConsole />
    </HostGate>
  );
}

function HostConsole() {
  const { t } = useTranslation('host');
  const status = useHostStatus();
  const notice = useRestoredNotice();
  // A restore went through: the club restarts, and the page waits for it rather than showing the old club.
  const [restored, setRestored] = useState<Restored | null>(null);

  if (status.isError && !status.data) return <LoadFailed title={t('pages:host')} error={status.error} backTo={pages.admin()} backLabel={t('backToAdmin')} />;

  return (
    <Stack gap="lg" data-testid="host-page">
      <div>
        <PageTitle>{t('pages:host')}</PageTitle>
        <Text c="dimmed" mt={-8} maw={640}>
          {t('intro')}
        </Text>
      </div>
      {notice && <RestoredAlert notice={notice} />}
      {restored ? (
        <ClubRestarting restored={restored} />
      ) : !status.data ? (
        <PageLoader />
      ) : (
        <>
          <HostSection id="host-addresses" icon={<IconWifi size={20} />} title={t('addresses.title')} hint={t('addresses.hint')}>
            <AddressList addresses={status.data.addresses} printable />
          </HostSection>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <StateSection status={status.data} refreshing={status.isFetching} refresh={() => status.refetch()} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MailSection mail={status.data.mail} />
            </Grid.Col>
          </Grid>
          <BackupsSection backups={status.data.backups} />
          <RestoreSection siteName={status.data.siteName} onRestored={setRestored} />
        </>
      )}
    </Stack>
  );
}

/**
 * Once, after the restore that reloaded the app: which backup the club now runs on, what came back with it
 * (passwords, sessions and calendar feed links of that moment, ended ones too), and a button ending them all.
 */
function RestoredAlert({ notice }: { notice: RestoredNotice }) {
  const { t } = useTranslation('host');
  const [shown, setShown] = useState(true);
  const endSessions = useEndSessions().mutateAsync;
  const [ended, setEnded] = useState(false);
  if (!shown) return null;

  async function endAll() {
    const { sessionsEnded, feedsRevoked } = await endSessions();
    setEnded(true);
    notifySuccess(t('restoredNotice.ended', { sessions: sessionsEnded, feeds: feedsRevoked }));
  }

  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title={notice.createdAt ? t('restoredNotice.from', { date: formatDate(notice.createdAt) }) : t('restoredNotice.plain')}
      withCloseButton
      closeButtonLabel={t('common:closeMessage')}
      onClose={() => setShown(false)}
      data-testid="restored-notice"
    >
      <Stack gap="xs">
        <Text size="sm">{notice.sessionsKept ? t('restoredNotice.sessionsKept') : t('restoredNotice.signedInAgain')}</Text>
        <Text size="sm" data-testid="restored-brings-back">
          {t('restoredNotice.bringsBack')}
        </Text>
        {ended ? (
          <Text size="sm" fw={500} data-testid="restored-all-ended">
            {t('restoredNotice.endedShort')}
          </Text>
        ) : (
          <div>
            <ConfirmButton
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconLogout size={16} />}
              title={t('restoredNotice.endAllConfirmTitle')}
              message={t('restoredNotice.endAllHint')}
              confirmLabel={t('restoredNotice.endAllConfirm')}
              confirmColor="red"
              onConfirm={endAll}
              aria-describedby="restored-end-all-hint"
              // Its words wrap on a phone rather than run out of the notice (Slovak's are long).
              h="auto"
              mih={30}
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              testId="restored-end-all"
            >
              {t('restoredNotice.endAll')}
            </ConfirmButton>
            <Text size="xs" c="dimmed" mt={4} id="restored-end-all-hint">
              {t('restoredNotice.endAllHint')}
            </Text>
          </div>
        )}
      </Stack>
    </Alert>
  );
}
