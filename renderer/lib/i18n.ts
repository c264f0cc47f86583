import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/constants';
import type { Catalogues } from '../locales/catalogues';
import { storage } from './storage';

// Each language's catalogues are one chunk (locales/en.ts, locales/sk.ts), loaded when the language is
// first shown: a member downloads only the language they read.
const languageFiles = import.meta.glob<Catalogues>('../locales/*.ts', { import: 'default' });

/** Loads a language's catalogues into i18next once; later calls answer at once. */
export async function loadCatalogues(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return;
  const load = languageFiles[`../locales/${language}.ts`];
  if (!load) throw new Error(`No catalogues for ${language}`);
  const catalogues = await load();
  for (const [namespace, catalogue] of Object.entries(catalogues)) i18n.addResourceBundle(language, namespace, catalogue, true, true);
}

/** Shows the interface in `language`, its catalogues loaded first. */
export async function showLanguage(language: Language): Promise<void> {
  await loadCatalogues(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export function initialLanguage(): Language {
  const stored = storage.get('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

// <html lang> follows the interface's language from the first render, so screen readers pronounce it right
// (the renderer's unit tests run in node, without a document).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

void i18n.use(initReactI18next).init({
  resources: {},
  // The catalogues come with loadCatalogues; i18next is not to wait for them or look for a loader.
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** i18next with the language this browser starts in loaded: the app renders once this settles. */
export const i18nReady: Promise<void> = loadCatalogues(initialLanguage());

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
