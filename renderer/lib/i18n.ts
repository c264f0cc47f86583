import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/constants';
import { sharedCatalogues } from '../../shared/locales';
import { storage } from './storage';

// Each feature's catalogue is a namespace; the files are found at build time, so adding one needs no edit here.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function buildResources() {
  const resources: Record<Language, Record<string, Record<string, unknown>>> = {
    en: { ...sharedCatalogues.en },
    sk: { ...sharedCatalogues.sk },
  };
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match && isLanguage(match[1])) resources[match[1]][match[2]!] = module.default;
  }
  return resources;
}

export const resources = buildResources();

export function initialLanguage(): Language {
  const stored = storage.get('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
