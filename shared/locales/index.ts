import enContent from './en/content.json';
import enErrors from './en/errors.json';
import enValidation from './en/validation.json';
import enScrape from './en/scrape.json';
import skContent from './sk/content.json';
import skErrors from './sk/errors.json';
import skScrape from './sk/scrape.json';
import skValidation from './sk/validation.json';

/**
 * Catalogues both sides use: the server's error details, the shared validation messages, and `content`:
 * text the server writes into the club (titles of discussions and polls it opens), in the club's language.
 */
export const sharedCatalogues = {
  en: { errors: enErrors, validation: enValidation, scrape: enScrape, content: enContent },
  sk: { errors: skErrors, validation: skValidation, scrape: skScrape, content: skContent },
} as const;

export type SharedNamespace = keyof (typeof sharedCatalogues)['en'];
