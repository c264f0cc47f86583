// What the server (start-server.ts) uses of the host's console; the rest of the folder is its own.
export type { HostProcess } from './host-process';
