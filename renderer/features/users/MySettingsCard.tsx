import { Card, Divider, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWSLETTERS, type NewsletterName } from '../../../shared/api/newsletters';
import { LANGUAGES, isLanguage } from '../../../shared/constants';
import { i18n } from '../../lib/i18n';
import { handleError, notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useLanguageStore } from '../../store/language-store';
import { useMySubscriptions, useSubscription } from '../newsletters';

/** On the member's own profile only: which newsletters they get, and the language the club speaks to them in. */
export function MySettingsCard() {
  const { t } = useTranslation('users');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-title" data-testid="my-settings">
      <Group gap="xs" mb="sm">
        <IconSettings size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
        <Title order={2} size="h4" id="settings-title">
          {t('settings.title')}
        </Title>
      </Group>
      <NewsletterSwitches />
      <Divider my="md" />
      <LanguageChoice />
    </Card>
  );
}

function NewsletterSwitches() {
  const { t } = useTranslation('users');
  const mine = useMySubscriptions();
  const lists = mine.data ?? null;
  const changeSubscription = useSubscription().mutateAsync;
  const { run, busy } = useAction();

  // Lists that cannot be read say why; the switches stay disabled.
  useEffect(() => {
    if (mine.error) handleError(mine.error);
  }, [mine.error]);

  /** A failed change leaves the switch as the server has it; a done one shows the lists the server answers. */
  function toggle(list: NewsletterName, subscribe: boolean) {
    void run(async () => {
      await changeSubscription({ list, subscribe });
      const name = t(`newsletters.${list}.name`);
      notifySuccess(subscribe ? t('newsletters.subscribed', { list: name }) : t('newsletters.unsubscribed', { list: name }));
    });
  }

  return (
    <Stack gap="sm" data-testid="newsletters">
      <div>
        <Text fw={600} size="sm">
          {t('newsletters.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('newsletters.hint')}
        </Text>
      </div>
      {NEWSLETTERS.map((list) => (
        <Switch
          key={list}
          label={t(`newsletters.${list}.name`)}
          description={t(`newsletters.${list}.description`)}
          checked={lists?.includes(list) ?? false}
          disabled={lists === null || busy}
          onChange={(e) => void toggle(list, e.currentTarget.checked)}
          data-testid={`newsletter-${list}`}
        />
      ))}
    </Stack>
  );
}

function LanguageChoice() {
  const { t } = useTranslation('users');
  const language = useLanguageStore((s) => s.language);
  const chooseLanguage = useLanguageStore((s) => s.chooseLanguage);
  const { run, busy } = useAction();

  function choose(value: string) {
    if (!isLanguage(value) || value === language) return;
    void run(async () => {
      await chooseLanguage(value);
      // Said in the language just chosen.
      notifySuccess(i18n.t('common:language.changed'));
    });
  }

  return (
    <Stack gap={6} data-testid="language-setting">
      <div>
        <Text fw={600} size="sm" id="language-setting-label">
          {t('settings.language')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('settings.languageHint')}
        </Text>
      </div>
      <SegmentedControl
        value={language}
        onChange={(value) => void choose(value)}
        disabled={busy}
        fullWidth
        aria-labelledby="language-setting-label"
        data={LANGUAGES.map((code) => ({ value: code, label: <span lang={code}>{t(`common:language.${code}`)}</span> }))}
      />
    </Stack>
  );
}
