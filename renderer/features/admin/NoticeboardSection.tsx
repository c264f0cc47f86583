import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { noticeboardSchema } from '../../../shared/api/admin';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MarkdownPreview } from '../discussions';
import { useRefreshHome } from '../home';
import { AdminSection } from './AdminSection';
import { useNoticeboard, useSaveNoticeboard } from './queries';

/** The noticeboard every member sees at home, written in markdown with a preview. */
export function NoticeboardSection() {
  const { t } = useTranslation('admin');
  const saved = useNoticeboard();
  const save = useSaveNoticeboard().mutateAsync;
  const loadHome = useRefreshHome();
  const form = useForm({ initialValues: { text: saved }, ...schemaChecks(noticeboardSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action({ text }) {
      await save(text);
      notifySuccess(t('noticeboard.saved'));
      // Home shows the new notice without a reload.
      void loadHome().catch((e: unknown) => console.error(e));
    },
  });
  const { text } = form.values;

  return (
    <AdminSection id="admin-noticeboard" icon={<IconPin size={20} />} title={t('noticeboard.title')} hint={t('noticeboard.hint')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('noticeboard.title')}>
        <Stack gap="sm">
          <Textarea
            label={t('noticeboard.label')}
            placeholder={t('noticeboard.placeholder')}
            autosize
            minRows={4}
            maxRows={16}
            {...form.getInputProps('text')}
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
