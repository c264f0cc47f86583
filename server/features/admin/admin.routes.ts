import { adminApi } from '../../../shared/api/admin';
import { handle } from '../../http/contract-routes';
import type { AdminService } from './admin.service';

export function adminRoutes(admin: AdminService) {
  return [
    handle(adminApi.data, () => admin.data()),
    handle(adminApi.setNoticeboard, ({ body }) => admin.setNoticeboard(body)),
    handle(adminApi.registerUser, ({ user, body }) => admin.registerUser(user, body)),
    handle(adminApi.makeModerator, ({ params }) => admin.makeModerator(params.email)),
    handle(adminApi.registerBot, ({ body }) => admin.registerBot(body)),
    // Sessions end and live connections close; the account keeps its posts (DECISIONS.md "Abuse and sessions").
    handle(adminApi.disable, ({ user, params }) => admin.setDisabled(user, params.email, true)),
    handle(adminApi.enable, ({ user, params }) => admin.setDisabled(user, params.email, false)),
    handle(adminApi.bots, () => admin.bots()),
  ];
}
