import { Button } from '@mantine/core';
import { IconHeartbeat, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HostStatus } from '../../../shared/api/host';
import { announce } from '../../lib/announce';
import { handleError } from '../../lib/notify';
import { useLanguageStore } from '../../store/language-store';
import { Fact, Facts, HostSection } from './HostSection';
import { formatBytes, formatMoment, formatUptime } from './host-format';
import { useNow } from './use-now';

const MINUTE = 60_000;

/** The club's state: its version, how long it has run, where its data is and how large, who is online. */
export function StateSection({ status, refreshing, refresh }: { status: HostStatus; refreshing: boolean; refresh(): Promise<{ error: unknown }> }) {
  const { t } = useTranslation('host');
  const language = useLanguageStore((s) => s.language);
  const now = useNow(MINUTE);
  const uptime = formatUptime(status.startedAt, now, language);

  async function refreshNow() {
    const { error } = await refresh();
    if (error) handleError(error);
    else announce(t('state.refreshed'));
  }

  return (
    <HostSection
      id="host-state"
      icon={<IconHeartbeat size={20} />}
      title={t('state.title')}
      aside={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={refreshing}
          onClick={() => void refreshNow()}
          data-testid="host-refresh"
        >
          {t('state.refresh')}
        </Button>
      }
    >
      <Facts testId="host-facts">
        <Fact label={t('state.version')} testId="host-version">
          {status.version}
        </Fact>
        <Fact label={t('state.uptime')} testId="host-uptime">
          {uptime ?? t('state.justStarted')}
          <br />
          <span style={{ color: 'var(--mantine-color-dimmed)' }}>{t('state.since', { moment: formatMoment(status.startedAt, language) })}</span>
        </Fact>
        <Fact label={t('state.membersOnline')} testId="host-members-online">
          {t('state.membersOnlineCount', { count: status.membersOnline })}
        </Fact>
        <Fact label={t('state.dataDir')} testId="host-data-dir">
          <span className="host-verbatim">{status.dataDir}</span>
        </Fact>
        <Fact label={t('state.database')} testId="host-database-size">
          {formatBytes(status.databaseBytes, language)}
        </Fact>
        <Fact label={t('state.images')} testId="host-images-size">
          {formatBytes(status.imagesBytes, language)}
        </Fact>
      </Facts>
    </HostSection>
  );
}
