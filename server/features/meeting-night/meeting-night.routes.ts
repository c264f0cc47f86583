import { meetingNightApi } from '../../../shared/api/meeting-night';
import type { AppContext } from '../../http/context';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { QuestionsService } from './questions.service';
import type { RoomService } from './room.service';

const implement = routeImplementer<User>();

export interface DisplayServing {
  /** Counts a fetch from an address; refuses (429) an address over its limit, before any hashing or lookup. */
  throttle: { begin(address: string): Promise<unknown> };
}

export function meetingNightRoutes(questions: QuestionsService, room: RoomService, displays: DisplayServing) {
  return implement(meetingNightApi, {
    questions: ({ params }) => questions.list(params.meetingId),
    addQuestion: ({ params, user, body }) => questions.add(params.meetingId, user, body),
    changeQuestion: ({ params, user, body }) => questions.change(params.meetingId, params.questionId, user, body),
    removeQuestion: ({ params, user }) => questions.remove(params.meetingId, params.questionId, user),
    orderQuestions: ({ params, body }) => questions.order(params.meetingId, body.questionIds),
    currentQuestion: ({ params, body }) => questions.setCurrent(params.meetingId, body.questionId),
    room: ({ params }) => room.room(params.meetingId),
    reveal: ({ params }) => room.reveal(params.meetingId),
    attendance: ({ params }) => room.attendance(params.userId),
    displayLink: () => room.displayLink(),
    newDisplayLink: ({ user, ctx }) => room.newDisplayLink(user, originOf(ctx)),
    revokeDisplayLink: () => room.revokeDisplayLink(),
    display: async ({ params, ctx }) => {
      // Anyone may ask without signing in: a flood from one address is turned away before any lookup.
      await displays.throttle.begin(ctx.state.clientAddress);
      return room.display(params.displayToken);
    },
  });
}

/** The scheme and host the request came to (Koa's `origin` is the Origin header, not this). */
function originOf(ctx: AppContext): string {
  return `${ctx.protocol}://${ctx.host}`;
}
