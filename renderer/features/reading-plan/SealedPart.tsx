import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBookmark, IconEye, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { ConfirmButton } from '../../components/ConfirmButton';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useOpenPart } from './queries';

/**
 * A part the member has not reached: how many comments wait (nothing of what they say reaches this screen),
 * "I've read this far" (their progress moves to the part's last page) and "Show anyway", after a question.
 */
export function SealedPart({ bookId, part, count }: { bookId: number; part: ReadingPart; count: number }) {
  const { t } = useTranslation('readingPlan');
  const open = useOpenPart(bookId, part.partId).mutateAsync;
  const { run, busy } = useAction({ failureKey: 'readingPlan:sealed.failed' });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sealed-title" data-testid="sealed-part">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconLock size={22} aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="sealed-title">
          {t('sealed.title')}
        </Title>
      </Group>
      <Text fw={600} mb={4} data-testid="sealed-count">
        {t('sealed.count', { count })}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t('sealed.why', { page: part.toPage })}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconBookmark size={18} aria-hidden />}
          loading={busy}
          data-testid="read-this-far"
          onClick={() =>
            void run(async () => {
              await open('read');
              notifySuccess(t('sealed.readDone', { page: part.toPage }));
            })
          }
        >
          {t('sealed.read')}
        </Button>
        <ConfirmButton
          variant="default"
          leftSection={<IconEye size={18} aria-hidden />}
          title={t('sealed.revealTitle')}
          message={t('sealed.revealMessage')}
          confirmLabel={t('sealed.reveal')}
          testId="show-anyway"
          focusAfter='[data-testid="part-comments"] h2'
          onConfirm={() => open('reveal')}
        >
          {t('sealed.reveal')}
        </ConfirmButton>
      </Group>
    </Card>
  );
}
