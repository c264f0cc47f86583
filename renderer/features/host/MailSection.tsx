import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { IconMail, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HostStatus } from '../../../shared/api/host';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useLanguageStore } from '../../store/language-store';
import { Fact, Facts, HostSection } from './HostSection';
import { formatMoment } from './host-format';
import { useRetryMail } from './queries';

/** The mail queue: how mail leaves the club, what waits, the mail server's last refusal, and a retry. */
export function MailSection({ mail }: { mail: HostStatus['mail'] }) {
  const { t } = useTranslation('host');
  const language = useLanguageStore((s) => s.language);
  const retryMail = useRetryMail().mutateAsync;
  const retry = useAction();
  const unsent = mail.pending + mail.failing;

  async function retryNow() {
    const { retried } = await retryMail();
    notifySuccess(retried > 0 ? t('mail.retried', { count: retried }) : t('mail.nothingToRetry'));
  }

  return (
    <HostSection id="host-mail" icon={<IconMail size={20} />} title={t('mail.title')}>
      <Stack gap="md">
        <Facts testId="mail-facts">
          <Fact label={t('mail.transport')} testId="mail-transport">
            {t(`mail.via.${mail.transport}`)}
          </Fact>
          <Fact label={t('mail.pending')} testId="mail-pending">
            {mail.pending}
          </Fact>
          <Fact label={t('mail.failing')} testId="mail-failing">
            {mail.failing > 0 ? (
              <Badge color="red" variant="light" radius="sm">
                {mail.failing}
              </Badge>
            ) : (
              mail.failing
            )}
          </Fact>
        </Facts>
        {mail.lastError && (
          <Alert color="red" variant="light" title={t('mail.lastError')} data-testid="mail-last-error">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.lastError}
            </Text>
            {mail.lastErrorAt && (
              <Text size="xs" mt={4}>
                {formatMoment(mail.lastErrorAt, language)}
              </Text>
            )}
          </Alert>
        )}
        <div>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            loading={retry.busy}
            disabled={unsent === 0}
            onClick={() => void retry.run(retryNow)}
            data-testid="retry-mail"
          >
            {t('mail.retry')}
          </Button>
          <Text size="xs" c="dimmed" mt={6}>
            {unsent === 0 ? t('mail.allSent') : t('mail.retryHint')}
          </Text>
        </div>
      </Stack>
    </HostSection>
  );
}
