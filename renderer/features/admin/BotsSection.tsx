import { Anchor, Badge, Button, Grid, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconApi, IconExternalLink, IconPlus, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { registerBotSchema } from '../../../shared/api/admin';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminFormPanel } from './AdminFormPanel';
import { AdminSection } from './AdminSection';
import { useBots, useRegisterBot } from './queries';

/** Admins only: read-only accounts for integrations, and the API's documentation for their authors. */
export function BotsSection() {
  const { t } = useTranslation('admin');
  const bots = useBots() ?? [];
  return (
    <AdminSection
      id="admin-bots"
      icon={<IconRobot size={20} />}
      title={t('bots.title')}
      hint={t('bots.hint')}
      aside={
        <Badge size="sm" variant="outline" radius="sm" style={{ flexShrink: 0 }}>
          {t('bots.adminsOnly')}
        </Badge>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer" size="sm" fw={600} data-testid="api-docs-link">
            <Group gap={6} component="span" wrap="nowrap">
              <IconApi size={16} />
              {t('bots.docs')}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <Text size="sm" fw={600} mt="md" mb={6}>
            {t('bots.listTitle')}
          </Text>
          {bots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('bots.none')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="bot-list">
              {bots.map((name, index) => (
                <Group key={`${index}-${name}`} component="li" gap="xs" wrap="nowrap" data-testid="bot">
                  <IconRobot size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
                  <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NewBotForm />
        </Grid.Col>
      </Grid>
    </AdminSection>
  );
}

function NewBotForm() {
  const { t } = useTranslation('admin');
  const registerBot = useRegisterBot().mutateAsync;
  const form = useForm({ initialValues: { email: '', name: '', password: '' }, ...schemaChecks(registerBotSchema, t) });
  // SPEC section 8: a refused bot says the server's detail, so no failureKey.
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(request) {
      await registerBot(request);
      notifySuccess(t('bots.created'));
      form.reset();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('bots.createTitle')} data-testid="new-bot-form">
      <AdminFormPanel title={t('bots.createTitle')}>
        <TextInput type="email" label={t('bots.email')} required autoComplete="off" {...form.getInputProps('email')} name="botEmail" />
        <TextInput label={t('bots.name')} required autoComplete="off" {...form.getInputProps('name')} name="botName" />
        <PasswordInput
          label={t('bots.password')}
          description={t('bots.passwordHint')}
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
          name="botPassword"
        />
        <Button type="submit" variant="light" loading={busy} leftSection={<IconPlus size={16} />} w="fit-content">
          {t('bots.submit')}
        </Button>
      </AdminFormPanel>
    </form>
  );
}
