import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import type { BooksService } from './books.service';

export function booksRoutes(books: BooksService) {
  const router = new Router<AppState>({ prefix: '/books' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await books.list();
  });

  router.get('/:bookId', requireRole('member'), async (ctx) => {
    ctx.body = await books.get(idParam(ctx.params.bookId, 'bookNotFound'));
  });

  return router;
}
