import { api } from '../../lib/api-client';

export const scrapeService = {
  /** A Goodreads book page's fields, read by the server (the browser cannot reach Goodreads itself). */
  book: (goodreadsUrl: string) => api.scrape.scrape({ query: { goodreadsUrl } }),
};
