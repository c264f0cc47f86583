import enErrors from './en/errors.json';
import enValidation from './en/validation.json';
import enScrape from './en/scrape.json';
import skErrors from './sk/errors.json';
import skScrape from './sk/scrape.json';
import skValidation from './sk/validation.json';

/** Catalogues both sides use: the server's error details and the shared validation messages. */
export const sharedCatalogues = {
  en: { errors: enErrors, validation: enValidation, scrape: enScrape },
  sk: { errors: skErrors, validation: skValidation, scrape: skScrape },
} as const;

export type SharedNamespace = keyof (typeof sharedCatalogues)['en'];
