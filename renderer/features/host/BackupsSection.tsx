import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostStatus } from '../../../shared/api/host';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useLanguageStore } from '../../store/language-store';
import { Fact, Facts, HostSection } from './HostSection';
import { formatBytes, formatMoment } from './host-format';
import { downloadBackup } from './queries';

/** Backups: the last one, a download of a new one now, and the daily backups the club makes by itself. */
export function BackupsSection({ backups }: { backups: HostStatus['backups'] }) {
  const { t } = useTranslation('host');
  const language = useLanguageStore((s) => s.language);
  const { last, scheduled } = backups;

  return (
    <HostSection id="host-backups" icon={<IconArchive size={20} />} title={t('backups.title')} hint={t('backups.hint')}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Text size="sm" data-testid="last-backup">
            {last ? t('backups.last', { moment: formatMoment(last.at, language), how: t(`backups.kind.${last.kind}`) }) : t('backups.never')}
          </Text>
          <BackupDownload />
        </Stack>
        <Divider />
        <Stack gap="sm" data-testid="scheduled-backups">
          <Title order={3} size="h5">
            {t('backups.scheduled.title')}
          </Title>
          {scheduled.lastFailure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={20} />}
              title={t('backups.scheduled.failedTitle')}
              style={{ border: '1px solid var(--mantine-color-error)' }}
              data-testid="scheduled-backup-failure"
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('backups.scheduled.failed', { moment: formatMoment(scheduled.lastFailure.at, language), message: scheduled.lastFailure.message })}
              </Text>
            </Alert>
          )}
          <Facts testId="scheduled-facts">
            <Fact label={t('backups.scheduled.state')} testId="scheduled-state">
              {scheduled.enabled ? t('backups.scheduled.on', { count: scheduled.kept }) : t('backups.scheduled.off')}
            </Fact>
            <Fact label={t('backups.scheduled.folder')} testId="scheduled-folder">
              <span className="host-verbatim">{scheduled.folder}</span>
            </Fact>
            {scheduled.enabled && (
              <Fact label={t('backups.scheduled.next')} testId="scheduled-next">
                {scheduled.nextDueAt ? formatMoment(scheduled.nextDueAt, language) : t('backups.scheduled.nextUnknown')}
              </Fact>
            )}
          </Facts>
          {!scheduled.enabled && (
            <Text size="xs" c="dimmed">
              {t('backups.scheduled.offHint')}
            </Text>
          )}
          <BackupFiles files={scheduled.files} enabled={scheduled.enabled} />
        </Stack>
      </Stack>
    </HostSection>
  );
}

/** "Download a backup": busy while the server makes it; the server's reason when it cannot. */
function BackupDownload() {
  const { t } = useTranslation('host');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const fileName = await downloadBackup(queryClient);
      notifySuccess(t('backups.downloaded', { fileName }));
    } catch (error) {
      console.error(error);
      setFailure(error instanceof ApiError ? (error.problem?.detail ?? t('backups.downloadFailed')) : t('common:error.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()} data-testid="download-backup" w="fit-content">
          {t('backups.download')}
        </Button>
      </Group>
      <div aria-live="polite">
        {busy && (
          <Text size="sm" c="dimmed" data-testid="backup-preparing">
            {t('backups.preparing')}
          </Text>
        )}
      </div>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('backups.downloadFailed')} data-testid="backup-download-error">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

function BackupFiles({ files, enabled }: { files: HostStatus['backups']['scheduled']['files']; enabled: boolean }) {
  const { t } = useTranslation('host');
  const language = useLanguageStore((s) => s.language);
  if (files.length === 0) {
    return enabled ? (
      <Text size="sm" c="dimmed" data-testid="backup-files-none">
        {t('backups.scheduled.noFiles')}
      </Text>
    ) : null;
  }
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id="backup-files-title">
        {t('backups.scheduled.files', { count: files.length })}
      </Text>
      <Stack gap={0} component="ul" aria-labelledby="backup-files-title" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="backup-files">
        {files.map((file) => (
          <Group
            key={file.name}
            component="li"
            justify="space-between"
            gap="xs"
            py={6}
            style={{ borderTop: '1px solid var(--bookclub-color-divider)' }}
            data-testid="backup-file"
          >
            <Text size="sm" className="host-verbatim" style={{ userSelect: 'text', minWidth: 0 }}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatBytes(file.bytes, language)} · {formatMoment(file.createdAt, language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </div>
  );
}
