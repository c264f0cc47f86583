import { createApiClient } from './api';
import { currentLanguage } from './i18n';
import { storage } from './storage';

let unauthorizedHandler: (token: string) => void = () => {};

/** Lets the session store learn that a token it sent has stopped working. */
export function onUnauthorized(handler: (token: string) => void): void {
  unauthorizedHandler = handler;
}

/** The app's API client: token from browser storage, language from i18n. */
export const api = createApiClient({
  getToken: () => storage.get('token'),
  getLanguage: currentLanguage,
  onUnauthorized: (token) => unauthorizedHandler(token),
});
