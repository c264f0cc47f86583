// Entry of the Electron utility process that hosts the club server, so a slow query never blocks the
// window's main process. The main process sends the config in its first message (see server-host.ts).
// Backups and restores run here too, beside the database and with the server's own SQLite binding.
import { startServer } from '../server/start-server';
import { clubMaintenance } from './server-maintenance';
import { serveParent, surviveUnhandledRejections, type ParentPortLike } from './server-runner';

const { parentPort } = process as unknown as { parentPort?: ParentPortLike };

if (parentPort) {
  surviveUnhandledRejections(process);
  serveParent(parentPort, startServer, console, clubMaintenance);
} else {
  console.error('server-process.js runs inside the Bookclub desktop app; use `npm start` for the headless server.');
  process.exit(1);
}
