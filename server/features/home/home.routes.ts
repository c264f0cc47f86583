import Router from '@koa/router';
import type { AppState } from '../../http/context';
import type { HomeService } from './home.service';

export function homeRoutes(home: HomeService) {
  const router = new Router<AppState>({ prefix: '/home' });
  // Anyone may call it; a visitor gets the public part.
  router.get('/', async (ctx) => {
    ctx.body = await home.homeFor(ctx.state.user, ctx.state.fromHostMachine);
  });
  return router;
}
