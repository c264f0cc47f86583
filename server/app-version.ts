import packageJson from '../package.json';

/** Bookclub's version, from package.json (bundled in by esbuild): shown on the host page and written into backups. */
export const APP_VERSION: string = packageJson.version;
