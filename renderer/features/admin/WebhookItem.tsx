import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookChangesSchema, type Webhook } from '../../../shared/api/chat';
import { ConfirmButton } from '../../components/ConfirmButton';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminFormPanel } from './AdminFormPanel';
import { DeliveryStatusLine } from './DeliveryStatusLine';
import { WebhookShapeAndEvents } from './WebhookFields';
import { useChangeWebhook, useNewWebhookSecret, useRemoveWebhook, useRetryWebhook } from './chat-queries';

/**
 * One hook in the list: its address (secret parts masked by the server), shape and events, how its deliveries
 * go with "Try again now", and its edit form, a new secret, and removal.
 */
export function WebhookItem({ hook, onSecret }: { hook: Webhook; onSecret(hook: Webhook | null): void }) {
  const { t } = useTranslation('admin');
  const remove = useRemoveWebhook().mutateAsync;
  const retry = useRetryWebhook().mutateAsync;
  const renew = useNewWebhookSecret().mutateAsync;
  const [editing, setEditing] = useState(false);
  return (
    <Stack component="li" gap={6} data-testid="webhook">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {hook.url}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`chat.format.${hook.format}`)} · {hook.events.map((event) => t(`chat.event.${event}`)).join(', ')}
      </Text>
      <DeliveryStatusLine status={hook.deliveries} onRetry={() => retry(hook.webhookId)} />
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
          {t('chat.edit')}
        </Button>
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          leftSection={<IconKey size={14} />}
          title={t('chat.newSecretTitle')}
          message={t('chat.newSecretMessage')}
          confirmLabel={t('chat.newSecret')}
          onConfirm={async () => {
            onSecret(await renew(hook.webhookId));
            notifySuccess(t('chat.newSecretDone'));
          }}
        >
          {t('chat.newSecret')}
        </ConfirmButton>
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="red"
          confirmColor="red"
          leftSection={<IconTrash size={14} />}
          title={t('chat.removeTitle')}
          message={t('chat.removeMessage', { url: hook.url })}
          confirmLabel={t('chat.remove')}
          onConfirm={async () => {
            await remove(hook.webhookId);
            onSecret(null);
            notifySuccess(t('chat.removed'));
          }}
        >
          {t('chat.remove')}
        </ConfirmButton>
      </Group>
      {editing && <EditWebhookForm hook={hook} onDone={() => setEditing(false)} />}
    </Stack>
  );
}

function EditWebhookForm({ hook, onDone }: { hook: Webhook; onDone(): void }) {
  const { t } = useTranslation('admin');
  const change = useChangeWebhook().mutateAsync;
  const form = useForm({
    initialValues: { url: '', events: [...hook.events] as string[], format: hook.format },
    ...schemaChecks(webhookChangesSchema, t),
  });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(changes) {
      await change({ webhookId: hook.webhookId, changes });
      notifySuccess(t('chat.saved'));
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('chat.editTitle')} data-testid="edit-webhook-form">
      <AdminFormPanel title={t('chat.editTitle')}>
        <TextInput type="url" label={t('chat.url')} description={t('chat.urlKeep', { url: hook.url })} autoComplete="off" {...form.getInputProps('url')} />
        <WebhookShapeAndEvents inputProps={(path) => form.getInputProps(path)} />
        <Group gap="xs">
          <Button type="submit" variant="light" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
            {t('chat.save')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('chat.cancel')}
          </Button>
        </Group>
      </AdminFormPanel>
    </form>
  );
}
