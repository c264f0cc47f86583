import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../lib/api-errors';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAppStore } from '../../store/app-store';
import { MarkdownPreview } from '../discussions/MarkdownPreview';
import { AdminSection } from './AdminSection';
import { useAdminStore } from './admin.store';

/** The noticeboard every member sees at home, written in markdown with a preview. */
export function NoticeboardSection() {
  const { t } = useTranslation('admin');
  const saved = useAdminStore((s) => s.noticeboard);
  const save = useAdminStore((s) => s.saveNoticeboard);
  const loadHome = useAppStore((s) => s.loadHome);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await save(text);
      setError(undefined);
      notifySuccess(t('noticeboard.saved'));
      // Home shows the new notice without a reload.
      void loadHome().catch((e: unknown) => console.error(e));
    } catch (err) {
      handleError(err);
      setError(apiFieldErrors(err).text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminSection id="admin-noticeboard" icon={<IconPin size={20} />} title={t('noticeboard.title')} hint={t('noticeboard.hint')}>
      <form onSubmit={submit} noValidate aria-label={t('noticeboard.title')}>
        <Stack gap="sm">
          <Textarea
            label={t('noticeboard.label')}
            placeholder={t('noticeboard.placeholder')}
            autosize
            minRows={4}
            maxRows={16}
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            name="noticeboard"
          />
          <MarkdownPreview text={text} />
          <Group>
            <Button type="submit" loading={busy} disabled={text === saved} leftSection={<IconDeviceFloppy size={16} />}>
              {t('noticeboard.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminSection>
  );
}
