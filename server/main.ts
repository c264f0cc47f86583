import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CliError, USAGE, demoChoices, isUserError, parseCommand, runBackup, runCreateAdmin, runImportObskurnee, runRestore } from './cli';
import { startDemo, type DemoChoices } from './demo';
import { SettingsError, readSettings, type ServerConfig } from './settings';
import { startServer } from './start-server';
import { DamagedSecretError } from './http/token';
import { DataDirInUse } from './club/server-lock';

/** The headless club server and its maintenance commands: settings from the environment and flags. */
async function main() {
  let parsed;
  let config: ServerConfig;
  try {
    parsed = parseCommand(process.argv.slice(2));
    // Built next to this file by `npm run build`: dist/server/main.js serves dist/renderer.
    const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
    config = { ...readSettings(parsed.rest, process.env, process.cwd()), rendererDir: fs.existsSync(rendererDir) ? rendererDir : null };
  } catch (error) {
    if (error instanceof SettingsError || error instanceof CliError) {
      console.error(`bookclub: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  try {
    switch (parsed.command) {
      case 'help':
        console.log(USAGE);
        return;
      case 'backup':
        return await runBackup(config, parsed.file!);
      case 'restore':
        return await runRestore(config, parsed.file!, parsed.yes);
      case 'create-admin':
        return await runCreateAdmin(config, parsed.email, parsed.passwordFile);
      case 'import-obskurnee':
        await runImportObskurnee(config, parsed.file!, parsed.images, parsed.sourceTimeZone);
        return;
      case 'serve':
        return await serve(config);
      case 'demo':
        return await demo(config, demoChoices(parsed, config.defaultLanguage));
    }
  } catch (error) {
    if (isUserError(error)) {
      console.error(`bookclub: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function serve(config: ServerConfig) {
  // One request or socket handler failing where nothing awaited it must not end the club for everyone.
  process.on('unhandledRejection', (reason) => console.error('bookclub: an operation failed unexpectedly:', reason));
  if (!config.rendererDir) console.warn('bookclub: no built renderer next to the server; serving the API only');
  let server;
  try {
    server = await startServer(config, {
      // Nothing left to serve: exit, so a service manager (or the host) starts it again, which finishes the restore or says why not.
      onClubLost: () => process.exit(1),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`bookclub: port ${config.port} is in use; set PORT or --port to another`);
    else if (error instanceof DamagedSecretError || error instanceof DataDirInUse) console.error(`bookclub: ${error.message}`);
    else console.error('bookclub: could not start:', error);
    process.exit(1);
  }

  console.log(`${config.siteName} is running. Members can open:`);
  for (const url of server.urls) console.log(`  ${url}`);
  console.log(`Data folder: ${config.dataDir}`);
  if (server.setupCode) {
    console.log(`The club is not set up yet. Open it on this computer and choose "Set up the club";`);
    console.log(`from another computer, setup asks for this one-time code: ${server.setupCode}`);
  }

  stopOnSignals(() => server.close());
}

/** SIGINT (Ctrl+C) or SIGTERM: closes connections and the database (and whatever `close` does), then exits. */
function stopOnSignals(close: () => Promise<void>, stopped = 'Stopped cleanly.') {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing connections and the database...`);
    await close();
    console.log(stopped);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** `npm start -- demo`: the demo club in a temporary folder, deleted when it stops (server/demo.ts). */
async function demo(config: ServerConfig, choices: DemoChoices) {
  process.on('unhandledRejection', (reason) => console.error('bookclub: an operation failed unexpectedly:', reason));
  let running;
  try {
    running = await startDemo(config, choices);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`bookclub: port ${config.port} is in use; choose another with --port`);
    else console.error('bookclub: the demo could not start:', error);
    process.exit(1);
  }
  console.log(`${running.siteName}, a demo club (made in ${(running.seedMs / 1000).toFixed(1)} s), is running. Open:`);
  for (const url of running.server.urls) console.log(`  ${url}`);
  console.log('and sign in with one click as a member, a moderator or the admin.');
  console.log('Everything in it is made up. Nothing is sent anywhere (mail stays in its folder), and your own club is not touched.');
  console.log(`Its temporary data folder: ${running.dataDir} (deleted when you stop it with Ctrl+C)`);
  stopOnSignals(() => running.close(), 'Stopped; the demo club is deleted.');
}

void main();
