import { readingPlanApi } from '../../../shared/api/reading-plan';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { PartCommentsService } from './part-comments.service';
import type { ReadingPlanService } from './reading-plan.service';

const implement = routeImplementer<User>();

export function readingPlanRoutes(plan: ReadingPlanService, comments: PartCommentsService) {
  return implement(readingPlanApi, {
    // Each answer says where the caller stands: kept per member (their progress is a write, which forgets it).
    schedule: { handler: ({ params, user }) => plan.schedule(params.bookId, user), cached: 'per-member' },
    setSchedule: ({ params, user, body }) => plan.setSchedule(params.bookId, body, user),
    comments: { handler: ({ params, user }) => plan.comments(params.bookId, params.partId, user), cached: 'per-member' },
    reveal: ({ params, user }) => plan.reveal(params.bookId, params.partId, user),
    read: ({ params, user }) => plan.read(params.bookId, params.partId, user),
    addComment: ({ params, user, body }) => comments.add(params.bookId, params.partId, user, body.text),
    editComment: ({ params, user, body }) => comments.edit(params.bookId, params.partId, params.commentId, user, body.text),
    removeComment: ({ params, user }) => comments.remove(params.bookId, params.partId, params.commentId, user),
  });
}
