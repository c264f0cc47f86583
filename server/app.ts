import path from 'node:path';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { DataSource } from 'typeorm';
import { API, API_ROUTES } from '../shared/api';
import { MAX_JSON_BODY_BYTES } from '../shared/constants';
import { contractRouter } from './http/contract-routes';
import { AccountsService } from './features/accounts/accounts.service';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { HomeService } from './features/home/home.service';
import { homeRoutes } from './features/home/home.routes';
import { ClubSettingsService } from './features/home/settings.service';
import { BooksService } from './features/books/books.service';
import { booksRoutes } from './features/books/books.routes';
import { DiscussionsService } from './features/discussions/discussions.service';
import { discussionsRoutes } from './features/discussions/discussions.routes';
import { PollsService } from './features/polls/polls.service';
import { PollDeadlines } from './features/polls/deadlines';
import { ClubSchedule } from './features/schedule/club-schedule';
import { pollsRoutes } from './features/polls/polls.routes';
import { RoundsService } from './features/rounds/rounds.service';
import { roundsRoutes } from './features/rounds/rounds.routes';
import { createGoodreadsScraper } from './features/scrape/goodreads-scraper';
import { scrapeRoutes } from './features/scrape/scrape.routes';
import { BookLookup } from './features/lookup/book-lookup';
import { lookupRoutes } from './features/lookup/lookup.routes';
import { pruneUnusedCovers } from './features/lookup/cover-pruning';
import { createOpenLibrary } from './features/lookup/open-library';
import { createShelfSites } from './features/shelves/shelf-sites';
import { ShelfSync } from './features/shelves/shelf-sync';
import { ShelvesService } from './features/shelves/shelves.service';
import { shelvesRoutes } from './features/shelves/shelves.routes';
import { sqliteOf } from './db/data-source';
import { AnswerCache } from './http/answer-cache';
import { compressAnswers, taggedApiAnswers } from './http/answer-encoding';
import { authenticate } from './http/auth';
import type { AppState } from './http/context';
import type { User } from './features/accounts/user.entity';
import { errorMiddleware } from './http/error-middleware';
import { AppError, NotFound } from './http/errors';
import { requestLanguage } from './http/i18n';
import { requestLog } from './http/request-log';
import { serveRenderer } from './http/static';
import { createMarkdown } from './markdown';
import type { Hub } from './realtime/hub';
import type { RunningOutbox } from './mail-outbox';
import { AttemptThrottle } from './features/accounts/attempt-throttle';
import { PasswordHasher } from './features/accounts/password-hasher';
import { securityHeaders } from './http/security-headers';
import { addressKey, isFromHostMachine } from './http/client-address';
import type { Chore } from './club/housekeeping';
import { PasswordResetService } from './features/accounts/password-reset.service';
import { AdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { NEW_ACCOUNT_NEWSLETTER, subscribeAccount, type ClubEvents } from './features/newsletters';
import { NewslettersService } from './features/newsletters/newsletters.service';
import { newslettersRoutes } from './features/newsletters/newsletters.routes';
import { UsersService } from './features/users/users.service';
import { currentlyReadingRoutes, usersRoutes } from './features/users/users.routes';
import { serveImages } from './http/images';
import { RecommendationsService } from './features/recommendations/recommendations.service';
import { CalendarsService } from './features/meetings/calendars.service';
import { MeetingsService } from './features/meetings/meetings.service';
import { MeetingReminders } from './features/meetings/meeting-reminders';
import { meetingsRoutes } from './features/meetings/meetings.routes';
import { CheckIns } from './features/meetings/check-ins';
import { DatePollsService } from './features/date-polls/date-polls.service';
import { DatePollDeadlines } from './features/date-polls/date-poll-deadlines';
import { datePollsRoutes } from './features/date-polls/date-polls.routes';
import { ReadingPlanService } from './features/reading-plan/reading-plan.service';
import { PartCommentsService } from './features/reading-plan/part-comments.service';
import { readingPlanRoutes } from './features/reading-plan/reading-plan.routes';
import { PartDue } from './features/reading-plan/part-due';
import { ChatService } from './features/chat/chat.service';
import { chatRoutes } from './features/chat/chat.routes';
import { meetingNightRoutes } from './features/meeting-night/meeting-night.routes';
import { QuestionsService } from './features/meeting-night/questions.service';
import { RoomService } from './features/meeting-night/room.service';
import { memberAddresses } from './features/host/host-addresses';
import { recommendationsRoutes } from './features/recommendations/recommendations.routes';
import { ProgressService } from './features/progress/progress.service';
import { progressRoutes } from './features/progress/progress.routes';
import { ReviewsService } from './features/reviews/reviews.service';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { SearchService } from './features/search/search.service';
import { searchRoutes } from './features/search/search.routes';
import { RunnersUpService } from './features/runners-up/runners-up.service';
import { runnersUpRoutes } from './features/runners-up/runners-up.routes';
import { StatsService } from './features/stats/stats.service';
import { statsRoutes } from './features/stats/stats.routes';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes';
import { DemoService } from './features/demo/demo.service';
import { demoRoutes, onlyInTheDemo } from './features/demo/demo.routes';
import type { HostProcess } from './features/host';
import { HostService } from './features/host/host.service';
import { hostRoutes } from './features/host/host.routes';
import { ScheduledBackups } from './features/host/scheduled-backups';
import type { Clock } from './clock';
import { backupSettings, hostTimeZone, type ServerConfig } from './settings';

export interface AppDeps {
  config: ServerConfig;
  db: DataSource;
  secret: Uint8Array;
  hub: Hub;
  outbox: RunningOutbox;
  /** The club's clock (deadlines, reminders, what counts as the past). */
  clock: Clock;
  /** The one-time first-admin setup code printed on start, or null when the club already has a user. */
  setupCode: string | null;
  /** The server process around this club (start-server.ts): its addresses, live connections, restores. */
  host: HostProcess;
}

export interface ClubApp {
  app: Koa<AppState<User>>;
  /** What the server's housekeeping prunes every hour. */
  chores: Chore[];
  /** Ends an account's sessions and closes its connections (the hub checks tokens through it too). */
  accounts: AccountsService;
  /** The club's chat deliveries: started once the server listens, stopped before the database closes. */
  chat: { start(): void; stop(): Promise<void> };
  /** The room view and its display link (the hub checks a screen's token through it). */
  room: RoomService;
  /** Work due at a moment (poll deadlines and their reminders, meeting reminders): the server starts it once listening, and stops it. */
  schedule: ClubSchedule;
  /** Lets go of what the app holds beyond its requests (the request log's waiting lines). */
  close(): void;
}

/** Sent mail is kept this long (its body is emptied when sent), then forgotten. */
const SENT_MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Methods whose requests may carry a JSON body (DELETE too: a moderator's check-out names whom). */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The middleware chain and the routers; services get the data source in their constructors. */
export function createApp({ config, db, secret, hub, outbox, clock, setupCode, host }: AppDeps): ClubApp {
  const app = new Koa<AppState<User>>();
  // The TCP peer is the client unless the host says how many proxies stand in front (TRUST_PROXY); a
  // believed X-Forwarded-For would let anyone pick the address their attempts are counted under.
  const trustProxy = config.trustProxy ?? 0;
  app.proxy = trustProxy > 0;
  app.maxIpsCount = trustProxy;
  const log = (error: unknown) => console.error(error);
  // Koa's own 'error' logger would print client errors too; ours logs what is unexpected, once.
  app.silent = true;

  // Reads kept until the next write (http/answer-cache.ts); the routes say which may be.
  const dataVersion = sqliteOf(db).prepare('PRAGMA data_version').pluck();
  const answers = new AnswerCache(() => dataVersion.get() as number);
  const markdown = createMarkdown();
  const accounts = new AccountsService(db, secret, markdown, {
    hasher: new PasswordHasher(config.passwordHashing),
    setupCode,
    onSessionsEnded: (userId) => hub.disconnectUser(userId),
    onFirstAdmin: (userId) => subscribeAccount(db, userId, NEW_ACCOUNT_NEWSLETTER),
    keptUntilWrite: (key, compute) => answers.kept(key, compute),
  });
  const clubSettings = new ClubSettingsService(db);
  const links = { publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, siteName: config.siteName, defaultLanguage: config.defaultLanguage };
  const passwordReset = new PasswordResetService(db, outbox, links, accounts);
  const newsletters = new NewslettersService(db, outbox, accounts, links, log);
  const chat = new ChatService(db, {
    settings: () => ({
      siteName: config.siteName,
      publicUrl: memberAddresses(host.urls(), config.publicUrl)[0]?.url ?? links.publicUrl,
      language: config.defaultLanguage,
      timeZone: config.timeZone ?? hostTimeZone(),
    }),
    matrixFromSettings: config.matrix ?? null,
    clubAddresses: () => [...host.urls(), ...(config.publicUrl ? [config.publicUrl] : [])],
    log: (message) => console.error(message),
    retryDelaysMs: config.chatRetryDelaysMs,
    timeoutMs: config.chatTimeoutMs,
  });
  // What happens in the club is news for the newsletters and for the club's chat.
  const events: ClubEvents = {
    publish(event) {
      newsletters.publish(event);
      chat.publish(event);
    },
  };
  const discussions = new DiscussionsService(db, markdown, hub, events);
  const schedule = new ClubSchedule(
    clock,
    (message, error) => console.error(message, error),
    () => answers.forget(),
  );
  const polls = new PollsService(db, discussions, hub, clock, schedule);
  const books = new BooksService(db, discussions);
  const rounds = new RoundsService(db, discussions, polls, books, config.defaultLanguage, events, { clock, schedule });
  polls.closeWhenEveryoneVoted((pollId, voter) => rounds.closeAfterLastVote(pollId, voter));
  const pollDeadlines = new PollDeadlines(db, outbox, {
    links,
    reminderLeadMs: (config.pollReminderHours ?? 24) * 60 * 60 * 1000,
    timeZone: config.timeZone ?? hostTimeZone(),
  });
  pollDeadlines.closeWith(rounds.closeAtDeadline);
  schedule.add(pollDeadlines);
  const demo = new DemoService(config.demo ?? null, accounts, secret);
  const home = new HomeService(config, { accounts, clubSettings, discussions, polls, books, demo }, markdown);
  const users = new UsersService(db, accounts, config.dataDir);
  const recommendations = new RecommendationsService(db, markdown, events);
  const reviews = new ReviewsService(db, books, markdown, events);
  const progress = new ProgressService(db, books, clock);
  const readingPlan = new ReadingPlanService(db, { progress, hub, clock, schedule });
  progress.whenRecorded((user, bookId) => readingPlan.progressChanged(user, bookId));
  const partComments = new PartCommentsService(db, { plan: readingPlan, markdown, hub, clock });
  schedule.add(new PartDue(db, { outbox, events, settings: { links, timeZone: config.timeZone ?? hostTimeZone() } }));
  const search = new SearchService(db, discussions, recommendations);
  const meetingMail = { links, timeZone: config.timeZone ?? hostTimeZone() };
  const meetings = new MeetingsService(db, { books, markdown, hub, clock, events, schedule, mail: meetingMail });
  schedule.add(new MeetingReminders(db, meetings, outbox, meetingMail));
  // Without PUBLIC_URL a feed's address is the one the member reached the club at (a LAN address), not localhost.
  const calendars = new CalendarsService(db, meetings, clock, links, config.publicUrl ?? null);
  const checkIns = new CheckIns(db, meetings, { clock, hub });
  const datePolls = new DatePollsService(db, { books, meetings, hub, clock, events, outbox, mail: meetingMail, schedule });
  schedule.add(new DatePollDeadlines(db, outbox, meetingMail));
  const questions = new QuestionsService(db, { markdown, clock, hub });
  const room = new RoomService(db, {
    meetings,
    questions,
    polls,
    books,
    clock,
    hub,
    joinUrl: () => memberAddresses(host.urls(), config.publicUrl)[0]?.url ?? null,
    publicUrl: config.publicUrl ?? null,
  });
  const admin = new AdminService(db, accounts, clubSettings, passwordReset, newsletters, markdown);
  const backups = new ScheduledBackups({
    dataDir: config.dataDir,
    ...backupSettings(config),
    host,
    archive: { siteName: config.siteName, nativeBinding: config.sqliteNativeBinding },
    startedAt: clock.now(),
  });
  schedule.add(backups);
  // Members' Goodreads and StoryGraph shelves, read on the schedule, one member at a time.
  const shelfSites = config.shelves ? createShelfSites(config.shelves) : null;
  const shelfSync = shelfSites
    ? new ShelfSync(db, shelfSites, {
        clock,
        intervalHours: config.shelves?.intervalHours ?? 0,
        pauseMs: config.shelves?.pauseMs,
        log: (message, error) => console.error(message, error),
        reschedule: () => schedule.reschedule(),
      })
    : null;
  if (shelfSync) schedule.add(shelfSync);
  const shelves = new ShelvesService(db, shelfSites, shelfSync, clock, () => schedule.reschedule());
  const hostConsole = new HostService({ config, host, outbox, accounts, setupCode, backups, db });

  const feedFetches = config.feedFetchesPerMinute ?? 60;
  const lookups = config.bookLookupsPerMinute ?? 60;
  const coversDir = path.join(config.dataDir, 'images', 'covers');
  // Each lookup or scrape may ask Open Library or Goodreads; a member typing makes a few a minute, a script far more.
  const lookupThrottle = () =>
    new AttemptThrottle({ windowMs: 60_000, perAddress: lookups, perAccountAddress: lookups, slowAfter: Infinity, refusalKey: 'tooManyRequests' });
  const api = contractRouter<typeof API, User>(
    API,
    {
      accounts: accountsRoutes(accounts, passwordReset, {
        login: new AttemptThrottle(config.loginThrottle),
        // Reset mail and setup codes: every ask counts; a few per quarter hour is plenty for a person.
        resets: new AttemptThrottle({ ...config.loginThrottle, perAddress: 10, slowAfter: 10, refusalKey: 'tooManyRequests' }),
        setup: new AttemptThrottle({ ...config.loginThrottle, perAddress: 10, slowAfter: 3, refusalKey: 'tooManyRequests' }),
      }),
      users: usersRoutes(users),
      currentlyReading: currentlyReadingRoutes(users),
      admin: adminRoutes(admin),
      host: hostRoutes(hostConsole),
      newsletters: newslettersRoutes(newsletters),
      home: homeRoutes(home),
      rounds: roundsRoutes(rounds),
      discussions: discussionsRoutes(discussions),
      runnersUp: runnersUpRoutes(new RunnersUpService(db, discussions)),
      polls: pollsRoutes(polls),
      lookup: lookupRoutes(new BookLookup(config.openLibrary ? createOpenLibrary(config.openLibrary) : null, coversDir), { throttle: lookupThrottle() }),
      books: booksRoutes(books),
      scrape: scrapeRoutes(createGoodreadsScraper(), { throttle: lookupThrottle() }),
      recommendations: recommendationsRoutes(recommendations),
      reviews: reviewsRoutes(reviews),
      progress: progressRoutes(progress),
      meetings: meetingsRoutes(meetings, checkIns, calendars, {
        // Calendar apps fetch a feed every quarter hour at most; an address asking more than once a second is a flood.
        throttle: new AttemptThrottle({
          windowMs: 60_000,
          perAddress: feedFetches,
          perAccountAddress: feedFetches,
          slowAfter: Infinity,
          refusalKey: 'tooManyRequests',
        }),
        keptAnswer: (key, compute) => answers.answer(key, compute, (text) => Buffer.from(text as string)),
      }),
      meetingNight: meetingNightRoutes(questions, room, {
        // A screen reads the room once per live event; an address asking more than a few times a second is a flood.
        throttle: new AttemptThrottle({ windowMs: 60_000, perAddress: 600, perAccountAddress: 600, slowAfter: Infinity, refusalKey: 'tooManyRequests' }),
      }),
      datePolls: datePollsRoutes(datePolls),
      readingPlan: readingPlanRoutes(readingPlan, partComments),
      chat: chatRoutes(chat),
      shelves: shelvesRoutes(shelves, {
        // Each link and "read now" asks Goodreads or StoryGraph: a few a minute is plenty for a person.
        throttle: new AttemptThrottle({
          windowMs: 60_000,
          perAddress: config.shelves?.syncsPerMinute ?? 6,
          perAccountAddress: config.shelves?.syncsPerMinute ?? 6,
          slowAfter: Infinity,
          refusalKey: 'tooManyRequests',
        }),
      }),
      search: searchRoutes(search),
      stats: statsRoutes(new StatsService(db)),
      apiDocs: apiDocsRoutes(),
      demo: demoRoutes(demo),
    },
    // Backups being restored are uploaded into the data folder's scratch space (same disk, never memory).
    { answers, uploadDir: host.scratchDir },
  );

  const requests = config.quiet ? undefined : requestLog(undefined, API_ROUTES);
  if (requests) app.use(requests.middleware);
  app.use(errorMiddleware({ defaultLanguage: config.defaultLanguage, log }));
  app.use(securityHeaders());
  app.use(async function requestState(ctx, next) {
    ctx.state.language = requestLanguage(ctx.get('Accept-Language'), config.defaultLanguage);
    ctx.state.user = null;
    ctx.state.tokenRejected = false;
    ctx.state.fromHostMachine = isFromHostMachine(ctx, trustProxy);
    ctx.state.clientAddress = addressKey(ctx.ip);
    await next();
  });
  app.use(authenticate(accounts));
  // A kept answer goes out from here; everything else goes on.
  app.use(answers.serveKept());
  app.use(compressAnswers());
  app.use(taggedApiAnswers());
  app.use(answers.watchWrites());
  app.use(onlyInTheDemo(!!config.demo));
  app.use(async function requireJson(ctx, next) {
    // A body that is not JSON would otherwise be ignored silently and fail later as "field required".
    if (ctx.path.startsWith('/api/') && WRITE_METHODS.has(ctx.method) && ctx.request.length && !ctx.is('json', 'multipart')) {
      throw Object.assign(new Error('unsupported media type'), { status: 415 });
    }
    await next();
  });
  app.use(
    koaBody({
      json: true,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      urlencoded: false,
      text: false,
      multipart: false,
      jsonLimit: MAX_JSON_BODY_BYTES,
      jsonStrict: false,
      onError(error) {
        // A body whose Content-Encoding does not match its bytes fails in zlib (gzip, deflate: Z_DATA_ERROR;
        // brotli: ERR__ERROR_FORMAT_…), with an errno and no HTTP status.
        const { code, errno, status } = error as { code?: unknown; errno?: unknown; status?: unknown };
        if (status === undefined && typeof errno === 'number' && typeof code === 'string') throw new AppError(400, 'malformedBody');
        throw error;
      },
    }),
  );
  app.use(async function apiFallback(ctx, next) {
    await next();
    if (!(ctx.path === '/api' || ctx.path.startsWith('/api/'))) return;
    if (ctx.status === 405 || ctx.status === 501) {
      const allowed = ctx.response.get('Allow');
      throw new AppError(405, 'methodNotAllowed', { method: ctx.method, allowed });
    }
    if (ctx.status === 404 && ctx.body == null) {
      throw new NotFound('routeNotFound', { method: ctx.method, path: ctx.path });
    }
  });
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(serveImages(path.join(config.dataDir, 'images')));
  if (config.rendererDir) app.use(serveRenderer(config.rendererDir));
  const chores: Chore[] = [
    () => passwordReset.pruneExpired(),
    () => outbox.pruneSent(new Date(Date.now() - SENT_MAIL_KEPT_MS)),
    () => chat.pruneDelivered(new Date()),
    () => pruneUnusedCovers(db, coversDir, new Date()),
  ];
  return { app, chores, accounts, room, chat: chat.outbox, schedule, close: () => requests?.close() };
}
