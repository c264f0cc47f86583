import type { Middleware } from 'koa';
import { demoApi } from '../../../shared/api/demo';
import { NotFound } from '../../http/errors';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { DemoService } from './demo.service';

const implement = routeImplementer<User>();

export function demoRoutes(demo: DemoService) {
  return implement(demoApi, {
    signIn: ({ body: { role }, ctx }) => demo.signIn(role, { method: ctx.method, path: ctx.path }),
  });
}

/**
 * In a real club the demo's routes are not there at all: whatever is sent (a good body or a bad one, any
 * method) is answered as a route that does not exist, before the body is read or checked.
 */
export function onlyInTheDemo(isDemo: boolean): Middleware {
  return async function onlyInTheDemo(ctx, next) {
    if (!isDemo && (ctx.path === DEMO_PREFIX.slice(0, -1) || ctx.path.startsWith(DEMO_PREFIX))) {
      throw new NotFound('routeNotFound', { method: ctx.method, path: ctx.path });
    }
    await next();
  };
}

const DEMO_PREFIX = '/api/demo/';
