import { progressApi } from '../../../shared/api/progress';
import { handle } from '../../http/contract-routes';
import type { ProgressService } from './progress.service';

export function progressRoutes(progress: ProgressService) {
  return [
    // The answer holds the caller's own entry: kept per member.
    handle(progressApi.get, ({ user, params }) => progress.forBook(user, params.bookId), { cached: 'per-member' }),
    handle(progressApi.record, ({ user, params, body }) => progress.record(user, params.bookId, body)),
  ];
}
