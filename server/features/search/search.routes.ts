import Router from '@koa/router';
import type { SearchKind } from '../../../shared/api/search';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import type { SearchService } from './search.service';

/** `kind=Post`, `kind=Rec`, both, or none (both). */
function kindsOf(value: string | string[] | undefined): SearchKind[] {
  const asked = (Array.isArray(value) ? value : (value ?? '').split(',')).map((k) => k.trim());
  const kinds = (['Post', 'Rec'] as const).filter((kind) => asked.includes(kind));
  return kinds.length ? kinds : ['Post', 'Rec'];
}

export function searchRoutes(search: SearchService) {
  const router = new Router<AppState>({ prefix: '/search' });
  router.get('/', requireRole('member'), async (ctx) => {
    const query = ctx.query.query;
    ctx.body = await search.search(typeof query === 'string' ? query : '', kindsOf(ctx.query.kind));
  });
  return router;
}
