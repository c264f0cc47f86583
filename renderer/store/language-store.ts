import { create } from 'zustand';
import type { Language } from '../../shared/constants';
import { api } from '../lib/api-client';
import { initialLanguage, showLanguage } from '../lib/i18n';
import { storage } from '../lib/storage';
import { useSessionStore } from './session-store';

/** The interface language: kept in this browser, and on the member's account when they choose it signed in. */
interface LanguageState {
  language: Language;
  /** Switches the interface (i18n.ts keeps <html lang> with it) and remembers the choice in this browser. */
  setLanguage(language: Language): Promise<void>;
  /** The member's choice: switches the interface and, when signed in, saves it to their account. */
  chooseLanguage(language: Language): Promise<void>;
}

export const useLanguageStore = create<LanguageState>()((set, get) => ({
  language: initialLanguage(),

  async setLanguage(language) {
    storage.set('language', language);
    // The language's catalogues first (a chunk of their own), so nothing shows in it half-translated.
    await showLanguage(language);
    set({ language });
  },

  async chooseLanguage(language) {
    const session = useSessionStore.getState();
    if (session.token) session.profileChanged(await api.users.setLanguage({ body: { language } }));
    await get().setLanguage(language);
  },
}));
