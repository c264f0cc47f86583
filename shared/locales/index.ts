import enChat from './en/chat.json';
import enContent from './en/content.json';
import enErrors from './en/errors.json';
import enMail from './en/mail.json';
import enValidation from './en/validation.json';
import enScrape from './en/scrape.json';
import enLookup from './en/lookup.json';
import enShelfSync from './en/shelfSync.json';
import skChat from './sk/chat.json';
import skContent from './sk/content.json';
import skErrors from './sk/errors.json';
import skMail from './sk/mail.json';
import skScrape from './sk/scrape.json';
import skLookup from './sk/lookup.json';
import skShelfSync from './sk/shelfSync.json';
import skValidation from './sk/validation.json';

/**
 * Catalogues both sides use: the server's error details, the shared validation messages, and `content`:
 * text the server writes into the club (titles of discussions and polls it opens), in the club's language.
 */
export const sharedCatalogues = {
  en: {
    errors: enErrors,
    validation: enValidation,
    scrape: enScrape,
    lookup: enLookup,
    content: enContent,
    mail: enMail,
    chat: enChat,
    shelfSync: enShelfSync,
  },
  sk: {
    errors: skErrors,
    validation: skValidation,
    scrape: skScrape,
    lookup: skLookup,
    content: skContent,
    mail: skMail,
    chat: skChat,
    shelfSync: skShelfSync,
  },
} as const;
