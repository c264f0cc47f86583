import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandMatrix, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newMatrixSettingsSchema } from '../../../shared/api/chat';
import { ConfirmButton } from '../../components/ConfirmButton';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { AdminSection } from './AdminSection';
import { DeliveryStatusLine } from './DeliveryStatusLine';
import { useMatrix, useRemoveMatrix, useRetryMatrix, useSetMatrix } from './chat-queries';

/**
 * Admins only: the Matrix room the club posts its events to. Set on the server (MATRIX_* settings), it is only
 * shown; otherwise an admin enters it here. The access token is never shown again, only that one is set.
 */
export function MatrixSection() {
  const { t } = useTranslation('admin');
  const matrix = useMatrix().data;
  const remove = useRemoveMatrix().mutateAsync;
  const retry = useRetryMatrix().mutateAsync;
  if (!matrix) return null;
  return (
    <AdminSection id="admin-matrix" icon={<IconBrandMatrix size={20} />} title={t('chat.matrixTitle')} hint={t('chat.matrixHint')}>
      <Stack gap="sm">
        {matrix.from ? (
          <Stack gap={4} data-testid="matrix-room">
            <Group gap="xs">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {matrix.roomId}
              </Text>
              <Badge size="sm" variant="outline" radius="sm">
                {t(matrix.from === 'settings' ? 'chat.fromSettings' : 'chat.fromAdmin')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {matrix.homeserver}
            </Text>
            <DeliveryStatusLine status={matrix.deliveries} onRetry={() => retry()} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('chat.noMatrix')}
          </Text>
        )}
        {matrix.from === 'admin' && (
          <ConfirmButton
            size="xs"
            variant="light"
            color="red"
            confirmColor="red"
            w="fit-content"
            title={t('chat.matrixRemoveTitle')}
            message={t('chat.matrixRemoveMessage')}
            confirmLabel={t('chat.matrixRemove')}
            onConfirm={async () => {
              await remove();
              notifySuccess(t('chat.matrixRemoved'));
            }}
          >
            {t('chat.matrixRemove')}
          </ConfirmButton>
        )}
        {matrix.from !== 'settings' && <MatrixForm />}
      </Stack>
    </AdminSection>
  );
}

function MatrixForm() {
  const { t } = useTranslation('admin');
  const save = useSetMatrix().mutateAsync;
  const form = useForm({ initialValues: { homeserver: '', roomId: '', accessToken: '' }, ...schemaChecks(newMatrixSettingsSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(room) {
      await save(room);
      notifySuccess(t('chat.matrixSaved'));
      form.reset();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('chat.matrixFormTitle')} data-testid="matrix-form">
      <Stack gap="sm">
        <TextInput label={t('chat.homeserver')} placeholder="https://matrix.example.org" required autoComplete="off" {...form.getInputProps('homeserver')} />
        <TextInput
          label={t('chat.roomId')}
          description={t('chat.roomIdHint')}
          placeholder="!abc123:example.org"
          required
          autoComplete="off"
          {...form.getInputProps('roomId')}
        />
        <PasswordInput
          label={t('chat.accessToken')}
          description={t('chat.accessTokenHint')}
          required
          autoComplete="off"
          {...form.getInputProps('accessToken')}
        />
        <Button type="submit" variant="light" loading={busy} leftSection={<IconDeviceFloppy size={16} />} w="fit-content">
          {t('chat.matrixSave')}
        </Button>
      </Stack>
    </form>
  );
}
