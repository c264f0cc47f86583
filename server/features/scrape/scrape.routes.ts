import Router from '@koa/router';
import { scrapeQuerySchema, type ScrapeQuery } from '../../../shared/api/scrape';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { Invalid } from '../../http/errors';
import type { BookScraper } from './goodreads-scraper';

/** GET /api/scrape/?goodreadsUrl=: a Goodreads book's fields, to prefill a suggestion. Members and bots. */
export function scrapeRoutes(scraper: BookScraper): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/scrape' });

  // '/' under the prefix answers /api/scrape and /api/scrape/ alike (Obskurnee's client used the slash).
  router.get('/', requireRole('member'), async (ctx) => {
    const { goodreadsUrl } = parseQuery(ctx.query);
    ctx.body = await scraper.scrape(goodreadsUrl);
  });

  return router;
}

/**
 * parseWith would turn the schema's "scrape:" messages into a generic "not valid"; the query has one field,
 * so its first message is the whole story, and it becomes the detail.
 */
function parseQuery(query: unknown): ScrapeQuery {
  const result = scrapeQuerySchema.safeParse(query);
  if (result.success) return result.data;
  const key = result.error.issues[0]?.message ?? 'scrape:notGoodreads';
  throw new Invalid(key, {}, { goodreadsUrl: [key] });
}
