import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Restored } from '../../../shared/api/host';
import { pages } from '../../../shared/pages';
import { api } from '../../lib/api-client';
import { liveUpdates } from '../../lib/live-updates';
import { moveFocusTo } from '../../lib/refocus';
import { useLanguageStore } from '../../store/language-store';
import { formatMoment } from './host-format';
import { keepRestoredNotice } from './restored-notice';
import { waitForClub } from './wait-for-club';

/** After this long without the club, the admin is offered to reload by hand (the waiting goes on). */
const SLOW_RESTART_MS = 60_000;

/** Where the app starts afresh on the restored club: this page, which then says what was restored. */
export const AFTER_RESTORE_PATH = pages.host();

/** The app loaded afresh on the restored club, with the notice of what was restored for it to show. */
function startAfresh(restored: Restored): void {
  keepRestoredNotice(restored);
  window.location.assign(AFTER_RESTORE_PATH);
}

/**
 * A restore went through: what came back, that the club restarts (and, when the backup did not bring the
 * sessions' secret, that everyone signs in again). Once the club answers, the app is loaded afresh.
 */
export function ClubRestarting({ restored }: { restored: Restored }) {
  const { t } = useTranslation('host');
  const language = useLanguageStore((s) => s.language);
  const panel = useRef<HTMLDivElement>(null);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    // The club closes every live connection for the swap. Reconnecting to a restored club whose secret is not
    // this session's would be refused, and that refusal signs the admin out, taking this panel away before
    // it can say so; the app loads afresh on the restored club anyway, and connects then.
    liveUpdates.stop();
    if (panel.current) moveFocusTo(panel.current);
    const left = new AbortController();
    const slowTimer = setTimeout(() => setSlow(true), SLOW_RESTART_MS);
    waitForClub(api, { signal: left.signal }).then(
      () => startAfresh(restored),
      () => {
        // The page was left: nothing to load.
      },
    );
    return () => {
      left.abort();
      clearTimeout(slowTimer);
    };
  }, [restored]);

  const counts = Object.entries(restored.counts);
  return (
    <Card
      withBorder
      shadow="xs"
      padding="lg"
      ref={panel}
      role="status"
      aria-labelledby="club-restarting-title"
      data-testid="club-restarting"
      style={{ outline: 'none' }}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={24} color="var(--mantine-color-success)" aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} size="h4" id="club-restarting-title">
            {t('restarting.title')}
          </Title>
        </Group>
        <Text size="sm">
          {restored.kind === 'archive' && restored.createdAt
            ? t('restarting.fromArchive', { moment: formatMoment(restored.createdAt, language), version: restored.appVersion ?? '?' })
            : t('restarting.fromDatabase')}
        </Text>
        {counts.length > 0 && (
          <List size="sm" spacing={2} data-testid="restored-counts">
            {counts.map(([what, count]) => (
              <List.Item key={what}>{t('restarting.count', { what: t(`restarting.counts.${what}`, { defaultValue: what }), count })}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" data-testid="restored-kept-as">
          {t('restarting.keptAs', { folder: restored.keptAs })}
        </Text>
        {!restored.sessionsKept && (
          <Alert color="orange" variant="light" title={t('restarting.signInAgainTitle')} data-testid="restored-sign-in-again">
            {t('restarting.signInAgain')}
          </Alert>
        )}
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm" fw={600}>
            {t('restarting.waiting')}
          </Text>
        </Group>
        {slow && (
          <div>
            <Text size="sm" c="dimmed" mb={6}>
              {t('restarting.slow')}
            </Text>
            <Button variant="light" size="xs" onClick={() => startAfresh(restored)}>
              {t('restarting.reload')}
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
