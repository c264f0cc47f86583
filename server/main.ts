import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SettingsError, readSettings } from './settings';
import { startServer } from './start-server';

/** The headless club server: settings from the environment and flags, then the one startServer. */
async function main() {
  let settings;
  try {
    settings = readSettings(process.argv.slice(2), process.env, process.cwd());
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`bookclub: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // Built next to this file by `npm run build`: dist/server/main.js serves dist/renderer.
  const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
  if (!fs.existsSync(rendererDir)) console.warn(`bookclub: no built renderer at ${rendererDir}; serving the API only`);

  let server;
  try {
    server = await startServer({ ...settings, rendererDir: fs.existsSync(rendererDir) ? rendererDir : null });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`bookclub: port ${settings.port} is in use; set PORT or --port to another`);
    else console.error('bookclub: could not start:', error);
    process.exit(1);
  }

  console.log(`${settings.siteName} is running. Members can open:`);
  for (const url of server.urls) console.log(`  ${url}`);
  console.log(`Data folder: ${settings.dataDir}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing connections and the database...`);
    await server.close();
    console.log('Stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
