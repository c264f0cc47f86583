import { ActionIcon, Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceTv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDate } from '../../lib/format-date';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useChangeDisplayLink, useDisplayLink } from './queries';

/**
 * For moderators: the club's display link, which opens the room view on a TV nobody signs in on. Making it
 * shows its address once (the club keeps only a hash); a new one turns the old off; turning it off makes the
 * screens showing it say the link is gone.
 */
export function DisplayLinkCard() {
  const { t } = useTranslation('meetingNight');
  const state = useDisplayLink();
  const change = useChangeDisplayLink().mutateAsync;
  const make = useAction({ failureKey: 'meetingNight:toast.displayFailed' });
  // The address, from the answer that made it: kept only while this card is shown.
  const [url, setUrl] = useState<string | null>(null);
  const link = state.data;

  useEffect(() => {
    if (state.error) handleError(state.error);
  }, [state.error]);

  async function makeLink() {
    const made = await change('make');
    setUrl(made.url);
    notifySuccess(t('display.made'));
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="display-link-title" data-testid="display-link">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconDeviceTv size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="display-link-title">
          {t('display.title')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">{t('display.text')}</Text>
        {url && (
          <Alert color="yellow" variant="light" p="sm">
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('display.url')}
                  value={url}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid="display-link-url"
                />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('display.copied') : t('display.copy')} withArrow>
                      <ActionIcon variant="light" size="lg" mb={1} onClick={copy} aria-label={copied ? t('display.copied') : t('display.copy')}>
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs">{t('display.shownOnce')}</Text>
            </Stack>
          </Alert>
        )}
        {link?.active && !url && (
          <Text size="sm" c="dimmed" data-testid="display-link-active">
            {t('display.active', { date: formatDate(link.createdOn) })}
          </Text>
        )}
        {link && !link.active && (
          <Group>
            <Button size="xs" loading={make.busy} onClick={() => void make.run(makeLink)} data-testid="make-display-link">
              {t('display.make')}
            </Button>
          </Group>
        )}
        {link?.active && (
          <Group gap="sm">
            <ConfirmButton
              size="xs"
              variant="light"
              title={t('display.renewTitle')}
              message={t('display.renewMessage')}
              confirmLabel={t('display.renew')}
              focusAfter='[data-testid="display-link-url"] input'
              testId="renew-display-link"
              onConfirm={makeLink}
            >
              {t('display.renew')}
            </ConfirmButton>
            <ConfirmButton
              size="xs"
              variant="light"
              color="red"
              confirmColor="red"
              title={t('display.turnOffTitle')}
              message={t('display.turnOffMessage')}
              confirmLabel={t('display.turnOff')}
              focusAfter='[data-testid="make-display-link"]'
              testId="turn-off-display-link"
              onConfirm={async () => {
                await change('turnOff');
                setUrl(null);
                notifySuccess(t('display.turnedOff'));
              }}
            >
              {t('display.turnOff')}
            </ConfirmButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
