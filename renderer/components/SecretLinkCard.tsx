import { ActionIcon, Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-date';
import { handleError, notifySuccess } from '../lib/notify';
import { useAction } from '../lib/use-form-submit';
import { ConfirmButton } from './ConfirmButton';

/** A secret link as the club answers it: on or off, since when; its address only in the answer that made it. */
export interface SecretLink {
  active: boolean;
  createdOn: string | null;
  url?: string | null;
}

interface SecretLinkCardProps {
  /** The card's test id; its parts' are `{id}-url`, `{id}-active`, `make-{id}`, `renew-{id}`, `turn-off-{id}`. */
  id: string;
  icon: ReactNode;
  /**
   * Where its words are, as `namespace:prefix`: `{prefix}.title`, `.text`, `.url`, `.copy`, `.copied`,
   * `.shownOnce`, `.active`, `.make`, `.renew`, `.renewTitle`, `.renewMessage`, `.turnOff`, `.turnOffTitle`,
   * `.turnOffMessage`, `.made`, `.turnedOff`.
   */
  words: `${string}:${string}`;
  /** The catalogue key of the toast when making the link fails. */
  failureKey: string;
  state: Pick<UseQueryResult<SecretLink>, 'data' | 'error'>;
  /** Makes the link (an earlier one stops working) or turns it off; answers the link as it is now. */
  change(change: 'make' | 'turnOff'): Promise<SecretLink>;
}

/**
 * A link that opens something without signing in (a calendar feed, the room view on a TV). Making it shows
 * its address once (the club keeps only a hash), to copy; a new one turns the old off; turning it off makes
 * the old address answer 404.
 */
export function SecretLinkCard({ id, icon, words, failureKey, state, change }: SecretLinkCardProps) {
  const [namespace, prefix] = words.split(':') as [string, string];
  const { t } = useTranslation(namespace, { keyPrefix: prefix });
  const make = useAction({ failureKey });
  // The address, from the answer that made it: kept only while this card is shown.
  const [url, setUrl] = useState<string | null>(null);
  const link = state.data;

  useEffect(() => {
    if (state.error) handleError(state.error);
  }, [state.error]);

  async function makeLink() {
    const made = await change('make');
    setUrl(made.url ?? null);
    notifySuccess(t('made'));
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <span aria-hidden style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--bookclub-color-accent)' }}>
          {icon}
        </span>
        <Title order={2} size="h4" id={`${id}-title`}>
          {t('title')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">{t('text')}</Text>
        {url && (
          <Alert color="yellow" variant="light" p="sm">
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('url')}
                  value={url}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid={`${id}-url`}
                />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
                      <ActionIcon variant="light" size="lg" mb={1} onClick={copy} aria-label={copied ? t('copied') : t('copy')}>
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs">{t('shownOnce')}</Text>
            </Stack>
          </Alert>
        )}
        {link?.active && !url && (
          <Text size="sm" c="dimmed" data-testid={`${id}-active`}>
            {t('active', { date: formatDate(link.createdOn) })}
          </Text>
        )}
        {link && !link.active && (
          <Group>
            <Button size="xs" loading={make.busy} onClick={() => void make.run(makeLink)} data-testid={`make-${id}`}>
              {t('make')}
            </Button>
          </Group>
        )}
        {link?.active && (
          <Group gap="sm">
            <ConfirmButton
              size="xs"
              variant="light"
              title={t('renewTitle')}
              message={t('renewMessage')}
              confirmLabel={t('renew')}
              focusAfter={`[data-testid="${id}-url"] input`}
              testId={`renew-${id}`}
              onConfirm={makeLink}
            >
              {t('renew')}
            </ConfirmButton>
            <ConfirmButton
              size="xs"
              variant="light"
              color="red"
              confirmColor="red"
              title={t('turnOffTitle')}
              message={t('turnOffMessage')}
              confirmLabel={t('turnOff')}
              focusAfter={`[data-testid="make-${id}"]`}
              testId={`turn-off-${id}`}
              onConfirm={async () => {
                await change('turnOff');
                setUrl(null);
                notifySuccess(t('turnedOff'));
              }}
            >
              {t('turnOff')}
            </ConfirmButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
