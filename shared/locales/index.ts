import enErrors from './en/errors.json';
import enValidation from './en/validation.json';
import skErrors from './sk/errors.json';
import skValidation from './sk/validation.json';

/** Catalogues both sides use: the server's error details and the shared validation messages. */
export const sharedCatalogues = {
  en: { errors: enErrors, validation: enValidation },
  sk: { errors: skErrors, validation: skValidation },
} as const;

export type SharedNamespace = keyof (typeof sharedCatalogues)['en'];
