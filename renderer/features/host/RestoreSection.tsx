import { Alert, Button, FileInput, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconFileZip, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Restored } from '../../../shared/api/host';
import { useFormSubmit } from '../../lib/use-form-submit';
import { HostSection } from './HostSection';
import { useRestore } from './queries';
import { BACKUP_FILE_TYPES, emptyRestoreForm, restoreFormProblems, restoreReady, type RestoreFormValues } from './restore-form';

/**
 * Restore from a backup: what it does, the file, and the club's name typed to confirm. The server checks the
 * file and the name before anything changes; its refusal shows beside the form, which keeps what was chosen
 * and typed. A restore that went through hands over to the page, which waits for the club to restart.
 */
export function RestoreSection({ siteName, onRestored }: { siteName: string; onRestored(restored: Restored): void }) {
  const { t } = useTranslation('host');
  const restore = useRestore().mutateAsync;
  const form = useForm<RestoreFormValues>({
    initialValues: emptyRestoreForm,
    validate: (values) => Object.fromEntries(Object.entries(restoreFormProblems(values, siteName)).map(([field, key]) => [field, t(key, { siteName })])),
  });
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    async action({ backup, clubName }) {
      if (!backup) return;
      onRestored(await restore({ backup, clubName: clubName.trim() }));
    },
  });
  const ready = restoreReady(form.getValues(), siteName);

  return (
    <HostSection id="host-restore" icon={<IconRestore size={20} />} title={t('restore.title')} hint={t('restore.hint')}>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('restore.warningTitle')} data-testid="restore-warning">
          <List size="sm" spacing={4}>
            <List.Item>{t('restore.warning.replaces')}</List.Item>
            <List.Item>{t('restore.warning.kept')}</List.Item>
            <List.Item>{t('restore.warning.disconnects')}</List.Item>
            <List.Item>{t('restore.warning.accounts')}</List.Item>
            <List.Item data-testid="restore-brings-back">{t('restore.warning.bringsBack')}</List.Item>
          </List>
        </Alert>
        <form onSubmit={onSubmit} noValidate aria-labelledby="host-restore-title" data-testid="restore-form">
          <Stack gap="sm" maw={560}>
            <FileInput
              label={t('restore.file')}
              description={t('restore.fileHint')}
              placeholder={t('restore.filePlaceholder')}
              accept={BACKUP_FILE_TYPES}
              clearable
              clearButtonProps={{ 'aria-label': t('restore.clearFile') }}
              // Mantine's placeholder grey is too faint to read (3.3:1); the app's dimmed grey reads.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              leftSection={<IconFileZip size={16} />}
              disabled={busy}
              {...form.getInputProps('backup')}
              name="backup"
              data-testid="restore-file"
            />
            <TextInput
              label={t('restore.clubName')}
              description={t('restore.clubNameHint', { siteName })}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              {...form.getInputProps('clubName')}
              name="clubName"
              data-testid="restore-club-name"
            />
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('restore.refused')} data-testid="restore-error">
                {formError}
              </Alert>
            )}
            <div>
              <Button
                type="submit"
                color="red"
                leftSection={<IconRestore size={16} />}
                loading={busy}
                disabled={!ready}
                aria-describedby="restore-button-hint"
                data-testid="restore-submit"
              >
                {t('restore.submit')}
              </Button>
              <Text size="xs" c="dimmed" mt={6} id="restore-button-hint" aria-live="polite">
                {busy ? t('restore.uploading') : ready ? t('restore.readyHint') : t('restore.notReadyHint')}
              </Text>
            </div>
          </Stack>
        </form>
      </Stack>
    </HostSection>
  );
}
