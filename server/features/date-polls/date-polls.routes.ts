import { datePollsApi } from '../../../shared/api/date-polls';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { DatePollsService } from './date-polls.service';

const implement = routeImplementer<User>();

export function datePollsRoutes(datePolls: DatePollsService) {
  return implement(datePollsApi, {
    list: ({ user }) => datePolls.list(user),
    open: ({ user, body }) => datePolls.open(user, body),
    get: ({ params, user }) => datePolls.get(params.datePollId, user),
    change: ({ params, user, body }) => datePolls.change(params.datePollId, body, user),
    cancel: ({ params, user }) => datePolls.cancel(params.datePollId, user),
    answer: ({ params, user, body }) => datePolls.answer(params.datePollId, user, body.answers),
    pick: ({ params, user, body }) => datePolls.pick(params.datePollId, user, body),
    remind: ({ params, user }) => datePolls.remind(params.datePollId, user),
  });
}
