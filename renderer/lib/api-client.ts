import { createApiClient } from './api';
import { currentLanguage } from './i18n';
import { storage } from './storage';

let unauthorizedHandler: () => void = () => {};

/** Lets the session store learn that the stored token has stopped working. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The app's API client: token from browser storage, language from i18n. */
export const api = createApiClient({
  getToken: () => storage.get('token'),
  getLanguage: currentLanguage,
  onUnauthorized: () => unauthorizedHandler(),
});
