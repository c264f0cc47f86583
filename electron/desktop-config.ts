import path from 'node:path';
import { readSettings, type ServerConfig } from '../server/settings';

/** How many ports from the first one (8080 unless PORT says otherwise) the server tries. */
export const PORT_ATTEMPTS = 10;

/**
 * The embedded server's config. The headless server's environment variables still apply (SMTP_URL,
 * SITE_NAME, PORT as the first port to try...), except two the desktop app decides itself: the data
 * lives in the app's user-data folder, and the server listens on all interfaces, so the window can reach
 * it on localhost and members on the LAN can too.
 */
export function desktopServerConfig(options: {
  userDataDir: string;
  rendererDir: string;
  env: NodeJS.ProcessEnv;
}): ServerConfig {
  // No argv: Electron's command line carries Chromium switches, not club settings.
  const settings = readSettings([], options.env, options.userDataDir);
  return {
    ...settings,
    dataDir: path.join(options.userDataDir, 'data'),
    host: '0.0.0.0',
    rendererDir: options.rendererDir,
  };
}
