import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '../../../shared/api/chat';
import { formatDate } from '../../lib/format-date';
import { currentLanguage } from '../../lib/i18n';
import { useAction } from '../../lib/use-form-submit';

/** A try's day and time: the next try may be seconds or a day away. */
function when(iso: string | null): string {
  return iso ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';
}

const BADGE = { none: null, delivered: 'teal', waiting: 'yellow', needsAttention: 'red' } as const;

/**
 * How a receiver's deliveries go: delivered; waiting (failing, in the receiver's own words, and when the next
 * try is); or needing the admin's attention (refused five times running, tried daily). While something waits,
 * "Try again now" sends it without waiting out the pause, once the admin has mended the receiver.
 */
export function DeliveryStatusLine({ status, onRetry }: { status: DeliveryStatus; onRetry?: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const { run, busy } = useAction();
  const color = BADGE[status.state];
  return (
    <Stack gap={4} data-testid="delivery-status" data-state={status.state}>
      <Group gap="xs" wrap="wrap">
        {color ? (
          <Badge color={color} variant="light" size="sm" radius="sm" tt="none" style={{ height: 'auto', minHeight: 20, whiteSpace: 'normal' }}>
            {t(`chat.state.${status.state}`, { date: formatDate(status.lastDeliveredOn) })}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {t('chat.nothingYet')}
          </Text>
        )}
        {status.pending > 0 && (
          <Text size="xs" c="dimmed">
            {t('chat.pending', { count: status.pending })}
          </Text>
        )}
        {status.pending > 0 && onRetry && (
          <Button size="compact-xs" variant="light" loading={busy} leftSection={<IconRefresh size={14} />} onClick={() => void run(onRetry)}>
            {t('chat.retry')}
          </Button>
        )}
      </Group>
      {status.state !== 'delivered' && status.lastError && (
        <Text size="xs" c={status.state === 'needsAttention' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid="delivery-reason">
          {t(status.state === 'needsAttention' ? 'chat.attentionReason' : 'chat.failing', {
            error: status.lastError,
            date: when(status.lastTriedOn),
            next: when(status.nextAttemptOn),
          })}
        </Text>
      )}
    </Stack>
  );
}
