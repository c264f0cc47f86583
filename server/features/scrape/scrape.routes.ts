import { scrapeApi } from '../../../shared/api/scrape';
import { handle } from '../../http/contract-routes';
import type { BookScraper } from './goodreads-scraper';

/** GET /api/scrape/?goodreadsUrl=: a Goodreads book's fields, to prefill a suggestion. Members and bots. */
export function scrapeRoutes(scraper: BookScraper) {
  return [handle(scrapeApi.scrape, ({ query }) => scraper.scrape(query.goodreadsUrl))];
}
