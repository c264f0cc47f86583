import { Menu } from '@mantine/core';
import { useId } from 'react';
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
  const labelId = useId();
  return (
    // No focus placeholder: its presentational div with a tabindex is no menu item (axe: aria-required-children).
    // The menu opens on the language in use instead, so arrows and Enter go on from there.
    <Menu position="bottom-end" withArrow shadow="md" defaultOpened={opened} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <LanguageButton language={language} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label id={labelId}>{t('language.label')}</Menu.Label>
        <div role="group" aria-labelledby={labelId}>
          {LANGUAGES.map((code) => (
            <Menu.RadioItem
              key={code}
              lang={code}
              value={code}
              checked={code === language}
              closeMenuOnClick
              data-autofocus={code === language || undefined}
              onChange={() => {
                void run(async () => {
                  await chooseLanguage(code);
                  // Said in the language just chosen.
                  notifySuccess(i18n.t('common:language.changed'));
                });
              }}
            >
              {t(`language.${code}`)}
            </Menu.RadioItem>
          ))}
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
