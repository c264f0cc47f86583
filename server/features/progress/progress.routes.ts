import { progressApi } from '../../../shared/api/progress';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { ProgressService } from './progress.service';

const implement = routeImplementer<User>();

export function progressRoutes(progress: ProgressService) {
  return implement(progressApi, {
    // The answer holds the caller's own entry: kept per member.
    get: { handler: ({ user, params }) => progress.forBook(user, params.bookId), cached: 'per-member' },
    record: ({ user, params, body }) => progress.record(user, params.bookId, body),
  });
}
