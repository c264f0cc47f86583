// What other features may use of the host's pages; the rest of the folder is its own (npm run lint holds them to this).
export { QrCode } from './QrCode';
