import { meetingsApi } from '../../../shared/api/meetings';
import { sendAnswer, type ReadyAnswer } from '../../http/answer-cache';
import type { AppContext } from '../../http/context';
import { ANSWERED, routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { CalendarsService } from './calendars.service';
import type { CheckIns } from './check-ins';
import type { MeetingsService } from './meetings.service';

/**
 * Lists are not kept until the next write (answer-cache.ts): a meeting moves from upcoming to past as the
 * clock moves, with no write at all.
 */
export interface FeedServing {
  /** Counts a fetch from an address; refuses (429) an address over its limit, before any hashing or lookup. */
  throttle: { begin(address: string): Promise<unknown> };
  /** The answer kept under `key` until the next write, or `compute`'s bytes (the app's AnswerCache). */
  keptAnswer(key: string, compute: () => Promise<string>): Promise<ReadyAnswer>;
}

const implement = routeImplementer<User>();

export function meetingsRoutes(meetings: MeetingsService, checkIns: CheckIns, calendars: CalendarsService, feeds: FeedServing) {
  return implement(meetingsApi, {
    list: ({ user }) => meetings.list(user),
    schedule: ({ user, body }) => meetings.schedule(user, body),
    get: ({ params, user }) => meetings.get(params.meetingId, user),
    change: ({ params, user, body }) => meetings.change(params.meetingId, body, user),
    cancel: ({ params, user }) => meetings.cancel(params.meetingId, user),
    rsvp: ({ params, user, body }) => meetings.rsvp(params.meetingId, user, body.answer),
    checkIn: ({ params, user, body }) => checkIns.checkIn(params.meetingId, user, body.userId),
    checkOut: ({ params, user, body }) => checkIns.checkOut(params.meetingId, user, body.userId),
    ics: async ({ params, ctx }): Promise<typeof ANSWERED> => {
      answerCalendar(ctx, await calendars.meetingFile(params.meetingId, originOf(ctx)), `meeting-${params.meetingId}.ics`);
      return ANSWERED;
    },
    feed: async ({ params, ctx }): Promise<typeof ANSWERED> => {
      // Anyone may ask without signing in: a flood from one address is turned away first, and every member's
      // feed is the same text, made once per state of the club and compressed once (it cost six meetings reads).
      await feeds.throttle.begin(ctx.state.clientAddress);
      calendars.checkFeed(params.feedFile);
      const origin = originOf(ctx);
      const feed = await feeds.keptAnswer(`calendarFeed ${calendars.linkBaseFor(origin)}`, () => calendars.feedText(origin));
      await sendAnswer(ctx, feed, CALENDAR_TYPE);
      return ANSWERED;
    },
    feedState: ({ user }) => calendars.feedState(user),
    newFeed: ({ user, ctx }) => calendars.newFeed(user, originOf(ctx)),
    revokeFeed: ({ user }) => calendars.revokeFeed(user),
  });
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** The scheme and host the request came to (Koa's `origin` is the Origin header, not this). */
function originOf(ctx: AppContext): string {
  return `${ctx.protocol}://${ctx.host}`;
}

/**
 * iCalendar text. Like every API answer it goes out `private, no-cache` with an ETag of its bytes
 * (answer-encoding.ts): a calendar app's hourly fetch of an unchanged feed is a 304, and no shared cache
 * keeps a member's private feed.
 */
function answerCalendar(ctx: AppContext, text: string, downloadAs?: string): void {
  // attachment() sets a type from the file's name: ours comes after it.
  if (downloadAs) ctx.attachment(downloadAs);
  ctx.type = CALENDAR_TYPE;
  ctx.body = text;
}
