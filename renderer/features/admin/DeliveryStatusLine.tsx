import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '../../../shared/api/chat';
import { formatDate } from '../../lib/format-date';

/** How a receiver's deliveries go: delivered, failing (and why), and how many wait. */
export function DeliveryStatusLine({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('admin');
  const failing = status.lastError !== null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="delivery-status">
      {status.lastTriedOn === null ? (
        <Text size="xs" c="dimmed">
          {t('chat.nothingYet')}
        </Text>
      ) : failing ? (
        <Badge color="red" variant="light" size="sm" radius="sm" tt="none">
          {t('chat.failing', { error: status.lastError, date: formatDate(status.lastTriedOn) })}
        </Badge>
      ) : (
        <Badge color="teal" variant="light" size="sm" radius="sm" tt="none">
          {t('chat.delivered', { date: formatDate(status.lastDeliveredOn) })}
        </Badge>
      )}
      {status.pending > 0 && (
        <Text size="xs" c="dimmed">
          {t('chat.pending', { count: status.pending })}
        </Text>
      )}
    </Group>
  );
}
