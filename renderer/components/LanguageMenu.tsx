import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/constants';
import { i18n } from '../lib/i18n';
import { notifySuccess } from '../lib/notify';
import { useAction } from '../lib/use-form-submit';
import { useLanguageStore } from '../store/language-store';

/** Switches the interface language live; kept in this browser, and on the member's account when signed in. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const chooseLanguage = useLanguageStore((s) => s.chooseLanguage);
  const { run } = useAction();
  return (
    <Menu position="bottom-end" withArrow shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          px={6}
          leftSection={<IconLanguage size={18} />}
          aria-label={`${t('language.label')}: ${t(`language.${language}`)}`}
          data-testid="language-menu"
          tt="uppercase"
        >
          {language}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => {
              if (code === language) return;
              void run(async () => {
                await chooseLanguage(code);
                // Said in the language just chosen.
                notifySuccess(i18n.t('common:language.changed'));
              });
            }}
            rightSection={code === language ? <IconCheck size={14} /> : null}
          >
            {t(`language.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
