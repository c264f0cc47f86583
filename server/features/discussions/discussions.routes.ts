import { discussionsApi } from '../../../shared/api/discussions';
import { handle } from '../../http/contract-routes';
import type { DiscussionsService } from './discussions.service';

export function discussionsRoutes(discussions: DiscussionsService) {
  return [
    handle(discussionsApi.list, () => discussions.list(), { cached: 'for-everyone' }),
    handle(discussionsApi.preview, ({ body }) => discussions.preview(body.text)),
    handle(discussionsApi.get, ({ params }) => discussions.get(params.discussionId), { cached: 'for-everyone' }),
    handle(discussionsApi.addPost, ({ params, user, body }) => discussions.addPost(params.discussionId, user, body)),
    handle(discussionsApi.editPost, ({ params, user, body }) => discussions.editPost(params.discussionId, user, body)),
  ];
}
