import { scrapeApi } from '../../../shared/api/scrape';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { BookScraper } from './goodreads-scraper';

const implement = routeImplementer<User>();

export interface ScrapeRouteOptions {
  /** Counts a member's scrapes; refuses (429) one over the limit, before Goodreads is asked. */
  throttle: { begin(key: string): Promise<unknown> };
}

/** GET /api/scrape/?goodreadsUrl=: a Goodreads book's fields, to prefill a suggestion. Members and bots. */
export function scrapeRoutes(scraper: BookScraper, { throttle }: ScrapeRouteOptions) {
  return implement(scrapeApi, {
    scrape: async ({ query, user }) => {
      await throttle.begin(`member:${user.id}`);
      return scraper.scrape(query.goodreadsUrl);
    },
  });
}
