import { chatApi } from '../../../shared/api/chat';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { ChatService } from './chat.service';

const implement = routeImplementer<User>();

export function chatRoutes(chat: ChatService) {
  return implement(chatApi, {
    webhooks: () => chat.webhooks(),
    addWebhook: ({ user, body }) => chat.addWebhook(user, body),
    changeWebhook: ({ params, body }) => chat.changeWebhook(params.webhookId, body),
    newWebhookSecret: ({ params }) => chat.newWebhookSecret(params.webhookId),
    retryWebhook: ({ params }) => chat.retryWebhook(params.webhookId),
    removeWebhook: ({ params }) => chat.removeWebhook(params.webhookId),
    matrix: () => chat.matrix(),
    setMatrix: ({ user, body }) => chat.setMatrix(user, body),
    retryMatrix: () => chat.retryMatrix(),
    removeMatrix: () => chat.removeMatrix(),
  });
}
