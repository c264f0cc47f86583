// What other features may use of scrape; the rest of the folder is its own (npm run lint holds them to this).
export { fetchBody, type FetchedBody, type SafeFetchOptions } from './safe-fetch';
export { BadGateway } from './scrape-errors';
