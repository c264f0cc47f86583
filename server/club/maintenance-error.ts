/**
 * A whole-club operation (a backup, a restore, the data-folder lock's callers) could not be done, for a
 * reason the host can act on; the command line and the desktop shell say its message as it is.
 */
export class MaintenanceError extends Error {}
