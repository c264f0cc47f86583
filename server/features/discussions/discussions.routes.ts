import { discussionsApi } from '../../../shared/api/discussions';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { DiscussionsService } from './discussions.service';

const implement = routeImplementer<User>();

export function discussionsRoutes(discussions: DiscussionsService) {
  return implement(discussionsApi, {
    list: { handler: () => discussions.list(), cached: 'for-everyone' },
    preview: ({ body }) => discussions.preview(body.text),
    get: { handler: ({ params }) => discussions.get(params.discussionId), cached: 'for-everyone' },
    addPost: ({ params, user, body }) => discussions.addPost(params.discussionId, user, body),
    editPost: ({ params, user, body }) => discussions.editPost(params.discussionId, user, body),
  });
}
