import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants';
import { i18n } from '../lib/i18n';
import { notifySuccess } from '../lib/notify';
import { useAction } from '../lib/use-form-submit';
import { useLanguageStore } from '../store/language-store';
import { LanguageButton } from './LanguageButton';
import { RadioMenu } from './RadioMenu';

/**
 * The language button with its menu: switches the interface live (LanguageMenu.tsx loads it). `opened`
 * opens the menu as it first shows, for a click on the button that came before it.
 */
export function LanguageChooser({ language, opened = false }: { language: Language; opened?: boolean }) {
  const { t } = useTranslation();
  const chooseLanguage = useLanguageStore((s) => s.chooseLanguage);
  const { run } = useAction();
  return (
    <RadioMenu
      target={<LanguageButton language={language} />}
      label={t('language.label')}
      options={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`), lang: code }))}
      value={language}
      onChoose={(code) => {
        void run(async () => {
          await chooseLanguage(code);
          // Said in the language just chosen.
          notifySuccess(i18n.t('common:language.changed'));
        });
      }}
      opened={opened}
    />
  );
}
