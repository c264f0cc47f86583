import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A hook's secret, shown once: when the hook is made, or given a new secret. */
export function WebhookSecretAlert({ secret }: { secret: string }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="yellow" variant="light" data-testid="webhook-secret">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('chat.secretTitle')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="webhook-secret-value">
            {secret}
          </Text>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                style={{ flexShrink: 0 }}
              >
                {copied ? t('chat.copied') : t('chat.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs">{t('chat.secretHint')}</Text>
      </Stack>
    </Alert>
  );
}
