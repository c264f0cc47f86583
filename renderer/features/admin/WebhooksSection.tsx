import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_EVENTS, newWebhookSchema, type Webhook, type WebhookFormat } from '../../../shared/api/chat';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminFormPanel } from './AdminFormPanel';
import { AdminSection } from './AdminSection';
import { WebhookShapeAndEvents } from './WebhookFields';
import { WebhookItem } from './WebhookItem';
import { WebhookSecretAlert } from './WebhookSecretAlert';
import { useAddWebhook, useWebhooks } from './chat-queries';

/** Admins only: outgoing webhooks for Discord, Slack or a bot of the club's own, with how their deliveries go. */
export function WebhooksSection() {
  const { t } = useTranslation('admin');
  const hooks = useWebhooks().data ?? [];
  // The secret of the hook just made, or just given a new one: shown until the page is left.
  const [shown, setShown] = useState<Webhook | null>(null);
  return (
    <AdminSection id="admin-webhooks" icon={<IconWebhook size={20} />} title={t('chat.webhooksTitle')} hint={t('chat.webhooksHint')}>
      <Stack gap="md">
        {shown?.secret && <WebhookSecretAlert secret={shown.secret} />}
        {hooks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chat.noWebhooks')}
          </Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="webhook-list">
            {hooks.map((hook) => (
              <WebhookItem key={hook.webhookId} hook={hook} onSecret={(given) => setShown(given ?? (shown?.webhookId === hook.webhookId ? null : shown))} />
            ))}
          </Stack>
        )}
        <NewWebhookForm onMade={setShown} />
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
        <WebhookShapeAndEvents inputProps={(path) => form.getInputProps(path)} />
        <Button type="submit" variant="light" loading={busy} leftSection={<IconPlus size={16} />} w="fit-content">
          {t('chat.add')}
        </Button>
      </AdminFormPanel>
    </form>
  );
}
