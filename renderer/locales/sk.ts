import { cataloguesOf } from './catalogues';

/** Slovak: the app's catalogues and the shared ones, one chunk loaded when Slovak is shown. */
export default cataloguesOf(
  import.meta.glob<Record<string, unknown>>('./sk/*.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, unknown>>('../../shared/locales/sk/*.json', { eager: true, import: 'default' }),
);
