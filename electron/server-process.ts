// Entry of the Electron utility process that hosts the club server, so a slow query never blocks the
// window's main process. The main process sends the config in its first message (see server-host.ts).
// Backups and restores run here too, beside the database and with the server's own SQLite binding.
import { startServer } from '../server/start-server';
import { clubMaintenance } from './server-maintenance';
import { serveParent, surviveUnhandledRejections, type ParentPortLike } from './server-runner';

const { parentPort } = process as unknown as { parentPort?: ParentPortLike };

if (parentPort) {
  surviveUnhandledRejections(process);
  // A club that cannot be opened again after a restore from the host page: the process exits, and the shell
  // restarts it (club-server.ts), which finishes the restore or reports why it cannot start.
  serveParent(parentPort, (config) => startServer(config, { onClubLost: () => process.exit(1) }), console, clubMaintenance);
} else {
  console.error('server-process.js runs inside the Bookclub desktop app; use `npm start` for the headless server.');
  process.exit(1);
}
