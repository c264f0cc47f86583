import { Alert, Button, Checkbox, CopyButton, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_EVENTS, WEBHOOK_FORMATS, newWebhookSchema, type Webhook, type WebhookFormat } from '../../../shared/api/chat';
import { ConfirmButton } from '../../components/ConfirmButton';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminFormPanel } from './AdminFormPanel';
import { AdminSection } from './AdminSection';
import { DeliveryStatusLine } from './DeliveryStatusLine';
import { useAddWebhook, useRemoveWebhook, useWebhooks } from './chat-queries';

/** Admins only: outgoing webhooks for Discord, Slack or a bot of the club's own, with how their deliveries go. */
export function WebhooksSection() {
  const { t } = useTranslation('admin');
  const hooks = useWebhooks().data ?? [];
  const remove = useRemoveWebhook().mutateAsync;
  const [made, setMade] = useState<Webhook | null>(null);
  return (
    <AdminSection id="admin-webhooks" icon={<IconWebhook size={20} />} title={t('chat.webhooksTitle')} hint={t('chat.webhooksHint')}>
      <Stack gap="md">
        {made?.secret && (
          <Alert color="yellow" variant="light" data-testid="webhook-secret">
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('chat.secretTitle')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="webhook-secret-value">
                  {made.secret}
                </Text>
                <CopyButton value={made.secret}>
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
        )}
        {hooks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chat.noWebhooks')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="webhook-list">
            {hooks.map((hook) => (
              <Stack key={hook.webhookId} component="li" gap={4} data-testid="webhook">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {hook.url}
                  </Text>
                  <ConfirmButton
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    confirmColor="red"
                    leftSection={<IconTrash size={14} />}
                    style={{ flexShrink: 0 }}
                    title={t('chat.removeTitle')}
                    message={t('chat.removeMessage', { url: hook.url })}
                    confirmLabel={t('chat.remove')}
                    onConfirm={async () => {
                      await remove(hook.webhookId);
                      if (made?.webhookId === hook.webhookId) setMade(null);
                      notifySuccess(t('chat.removed'));
                    }}
                  >
                    {t('chat.remove')}
                  </ConfirmButton>
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`chat.format.${hook.format}`)} · {hook.events.map((event) => t(`chat.event.${event}`)).join(', ')}
                </Text>
                <DeliveryStatusLine status={hook.deliveries} />
              </Stack>
            ))}
          </Stack>
        )}
        <NewWebhookForm onMade={setMade} />
      </Stack>
    </AdminSection>
  );
}

function NewWebhookForm({ onMade }: { onMade(hook: Webhook): void }) {
  const { t } = useTranslation('admin');
  const add = useAddWebhook().mutateAsync;
  const form = useForm({
    initialValues: { url: '', events: [...CHAT_EVENTS] as string[], format: 'json' as WebhookFormat },
    ...schemaChecks(newWebhookSchema, t),
  });
  // A refused address says the server's reason on its field; what was typed stays.
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(hook) {
      onMade(await add(hook));
      notifySuccess(t('chat.added'));
      form.reset();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('chat.addTitle')} data-testid="new-webhook-form">
      <AdminFormPanel title={t('chat.addTitle')}>
        <TextInput
          type="url"
          label={t('chat.url')}
          description={t('chat.urlHint')}
          required
          autoComplete="off"
          {...form.getInputProps('url')}
          name="webhookUrl"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="webhook-format-label">
            {t('chat.formatLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="webhook-format-label"
            data={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`chat.format.${format}`) }))}
            {...form.getInputProps('format')}
          />
        </Stack>
        <Checkbox.Group label={t('chat.events')} {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {CHAT_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={t(`chat.event.${event}`)} size="sm" />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Button type="submit" variant="light" loading={busy} leftSection={<IconPlus size={16} />} w="fit-content">
          {t('chat.add')}
        </Button>
      </AdminFormPanel>
    </form>
  );
}
