import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants';
import { i18n } from '../lib/i18n';
import { notifySuccess } from '../lib/notify';
import { useAction } from '../lib/use-form-submit';
import { useLanguageStore } from '../store/language-store';
import { LanguageButton } from './LanguageButton';

/**
 * The language button with its menu: switches the interface live (LanguageMenu.tsx loads it). `opened`
 * opens the menu as it first shows, for a click on the button that came before it.
 */
export function LanguageChooser({ language, opened = false }: { language: Language; opened?: boolean }) {
  const { t } = useTranslation();
  const chooseLanguage = useLanguageStore((s) => s.chooseLanguage);
  const { run } = useAction();
  return (
    <Menu position="bottom-end" withArrow shadow="md" defaultOpened={opened}>
      <Menu.Target>
        <LanguageButton language={language} />
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
