// What the server (server/club/) uses of the host's console; the rest of the folder is its own.
export type { HostProcess } from '../../club/host-process';
