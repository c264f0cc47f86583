import type { IncomingMessage, ServerResponse } from 'node:http';
import i18next from 'i18next';
import Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../shared/constants';
import { sharedCatalogues } from '../../shared/locales';

/** The server's own i18next instance over the shared catalogues, loaded synchronously at import. */
const i18n = i18next.createInstance();
void i18n.init({
  resources: sharedCatalogues,
  supportedLngs: LANGUAGES,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(sharedCatalogues.en),
  defaultNS: 'errors',
  initAsync: false,
  // Plain text (problem details, mail), never HTML.
  interpolation: { escapeValue: false },
  // A key that names a group of texts is as good as missing: the key itself comes back.
  returnedObjectHandler: (_key, _value, options) => String(options.defaultValue),
});

/**
 * Translates "namespace:key.path" (the same keys the renderer uses; "errors" when there is no namespace)
 * with {{name}} placeholders; falls back to English, then to the key itself.
 */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  return i18n.t(key, { lng: language, replace: params, defaultValue: key });
}

/** Koa's content negotiation (ctx.acceptsLanguages, from the `accepts` package) for a bare header. */
const negotiation = new Koa();

function acceptedLanguage(header: string, preferred: Language): Language | false {
  // `accepts` reads nothing of the request but its headers, and nothing of the response.
  const request = { headers: { 'accept-language': header } } as IncomingMessage;
  const ctx = negotiation.createContext(request, {} as ServerResponse);
  // The preferred language first: it is the one a "*" gets.
  const accepted = ctx.acceptsLanguages([preferred, ...LANGUAGES.filter((language) => language !== preferred)]);
  return isLanguage(accepted) ? accepted : false;
}

/**
 * The language of a request: the best of Accept-Language's en/sk, else the club's default.
 * Obskurnee's client sent "Bearer sk"; that prefix is tolerated. So is space around ";" ("sk; q=0.5"),
 * which HTTP allows and `accepts` would read as "q=1".
 */
export function requestLanguage(header: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!header) return fallback;
  // Browsers send the same few headers over and over: each is negotiated once.
  const key = `${fallback} ${header}`;
  let language = negotiatedLanguages.get(key);
  if (!language) {
    const tidy = header.replace(/^\s*bearer\s+/i, '').replace(/\s*;\s*/g, ';');
    language = acceptedLanguage(tidy, fallback) || fallback;
    negotiatedLanguages.set(key, language);
  }
  return language;
}

const negotiatedLanguages = new LRUCache<string, Language>({ max: 200 });
