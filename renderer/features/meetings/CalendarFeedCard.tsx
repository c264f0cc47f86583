import { ActionIcon, Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDate } from '../../lib/format-date';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useCalendarFeed, useChangeCalendarFeed } from './queries';

/**
 * On the member's own profile: their private calendar feed. Making it shows its address once (the club keeps
 * only a hash), to copy into a calendar app; a new one revokes the old; turning it off makes it answer 404.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('meetings');
  const state = useCalendarFeed();
  const change = useChangeCalendarFeed().mutateAsync;
  const make = useAction({ failureKey: 'meetings:toast.feedFailed' });
  // The address, from the answer that made it: kept only while this card is shown.
  const [url, setUrl] = useState<string | null>(null);
  const feed = state.data;

  useEffect(() => {
    if (state.error) handleError(state.error);
  }, [state.error]);

  async function makeLink() {
    const made = await change('make');
    setUrl(made.url);
    notifySuccess(t('feed.made'));
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconCalendarShare size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="calendar-feed-title">
          {t('feed.title')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">{t('feed.text')}</Text>
        {url && (
          <Alert color="yellow" variant="light" p="sm">
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('feed.url')}
                  value={url}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid="calendar-feed-url"
                />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('feed.copied') : t('feed.copy')} withArrow>
                      <ActionIcon variant="light" size="lg" mb={1} onClick={copy} aria-label={copied ? t('feed.copied') : t('feed.copy')}>
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs">{t('feed.shownOnce')}</Text>
            </Stack>
          </Alert>
        )}
        {feed?.active && !url && (
          <Text size="sm" c="dimmed" data-testid="calendar-feed-active">
            {t('feed.active', { date: formatDate(feed.createdOn) })}
          </Text>
        )}
        {feed && !feed.active && (
          <Group>
            <Button size="xs" loading={make.busy} onClick={() => void make.run(makeLink)} data-testid="make-calendar-feed">
              {t('feed.make')}
            </Button>
          </Group>
        )}
        {feed?.active && (
          <Group gap="sm">
            <ConfirmButton
              size="xs"
              variant="light"
              title={t('feed.renewTitle')}
              message={t('feed.renewMessage')}
              confirmLabel={t('feed.renew')}
              focusAfter='[data-testid="calendar-feed-url"] input'
              onConfirm={makeLink}
            >
              {t('feed.renew')}
            </ConfirmButton>
            <ConfirmButton
              size="xs"
              variant="light"
              color="red"
              confirmColor="red"
              title={t('feed.turnOffTitle')}
              message={t('feed.turnOffMessage')}
              confirmLabel={t('feed.turnOff')}
              focusAfter='[data-testid="make-calendar-feed"]'
              onConfirm={async () => {
                await change('turnOff');
                setUrl(null);
                notifySuccess(t('feed.turnedOff'));
              }}
            >
              {t('feed.turnOff')}
            </ConfirmButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
