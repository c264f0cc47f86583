import { adminApi } from '../../../shared/api/admin';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { AdminService } from './admin.service';

const implement = routeImplementer<User>();

export function adminRoutes(admin: AdminService) {
  return implement(adminApi, {
    data: () => admin.data(),
    setNoticeboard: ({ body }) => admin.setNoticeboard(body),
    registerUser: ({ user, body }) => admin.registerUser(user, body),
    makeModerator: ({ params }) => admin.makeModerator(params.email),
    registerBot: ({ body }) => admin.registerBot(body),
    // Sessions end and live connections close; the account keeps its posts (DECISIONS.md "Abuse and sessions").
    disable: ({ user, params }) => admin.setDisabled(user, params.email, true),
    enable: ({ user, params }) => admin.setDisabled(user, params.email, false),
    bots: () => admin.bots(),
  });
}
