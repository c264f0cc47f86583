import { scrapeApi } from '../../../shared/api/scrape';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { BookScraper } from './goodreads-scraper';

const implement = routeImplementer<User>();

/** GET /api/scrape/?goodreadsUrl=: a Goodreads book's fields, to prefill a suggestion. Members and bots. */
export function scrapeRoutes(scraper: BookScraper) {
  return implement(scrapeApi, {
    scrape: ({ query }) => scraper.scrape(query.goodreadsUrl),
  });
}
