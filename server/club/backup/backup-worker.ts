// The worker thread a whole-club backup is made in (archive-in-worker.ts; club-worker.ts starts it and keeps
// it a while): SQLite's snapshot and integrity check, checksums and gzip take seconds on a large club, all
// synchronous, and the club's members are answered meanwhile by the server's own thread. It loads only
// what a backup needs (SQLite, tar), so it adds little to the server's memory while it runs.
import { serveJobs } from '../club-worker';
import { archiveJob } from './archive-in-worker';

serveJobs(archiveJob);
