import { cataloguesOf } from './catalogues';

/** English: the app's catalogues and the shared ones, one chunk loaded when English is shown. */
export default cataloguesOf(
  import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, unknown>>('../../shared/locales/en/*.json', { eager: true, import: 'default' }),
);
