import type { Socket } from 'socket.io-client';
import { HUB_PATH, HUB_RETRY_MS } from '../../shared/constants';
import { DELTA_EVENTS, DELTA_EVENTS_HANDSHAKE, READING_EVENTS, type DeltaEventPayloads, type ReadingEventPayloads } from '../../shared/events';

/** What the hub pushes a member: the small events, and the reading plan's (sent to named accounts, in one form). */
export type LivePayloads = DeltaEventPayloads & ReadingEventPayloads;
/** Every event the connection listens for. */
export const LIVE_EVENTS = [...Object.values(DELTA_EVENTS), ...Object.values(READING_EVENTS)];

type Handlers = { [E in keyof LivePayloads]?: (payload: LivePayloads[E]) => void };

export interface HubOptions {
  handlers: Handlers;
  /** Replaced in tests by a fake socket; the app's loads socket.io's client the first time. */
  connect?: (token: string) => Socket | Promise<Socket>;
  retryMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** The hub refused the token (revoked or expired): the session has ended, so no retry follows. */
  onUnauthorized?: (token: string) => void;
  /**
   * Connected again after the connection dropped: events sent meanwhile are not sent again, so what the
   * member has on screen is read again. Not on a session's first connection.
   */
  onReconnected?: () => void;
  /**
   * The page whose leaving closes the connection quietly and whose return from the browser's back-forward
   * cache opens it again: the browser's window, unless a test hands its own (null: none).
   */
  page?: EventTarget | null;
}

/** The hub's answer to a handshake whose token is not (or no longer) a live session. */
export const HUB_UNAUTHORIZED = 'unauthorized';

/**
 * A socket to the hub, asking for the small events (shared/events.ts). socket.io's client is a chunk of its
 * own: only a signed-in member needs it.
 */
async function connectToHub(token: string): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({ path: HUB_PATH, auth: { token, ...DELTA_EVENTS_HANDSHAKE }, transports: ['websocket', 'polling'], reconnection: false });
}

/**
 * The live-update connection. It starts after sign-in or session restore and stops on logout; when it
 * drops for any other reason it restarts, and a failed start is retried every 5 s (SPEC section 4). A
 * refused token is not retried: the connection stops and reports it, and the session ends.
 *
 * A page being left (pagehide: a reload, a link away, the tab closed) takes its connection along without a
 * word and without a restart; should the browser keep the page and show it again (pageshow), it connects
 * again as after a drop.
 */
export class HubClient {
  private socket: Socket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private token: string | null = null;
  /** A socket still being made (socket.io's client loading); it is dropped if the connection moves on. */
  private pending: Promise<Socket> | null = null;
  /** Counts opens and stops, so a socket that arrives after its connection was given up is closed. */
  private attempt = 0;
  /** Whether this session's connection has been up before: connecting again then means events were missed. */
  private connectedBefore = false;
  private readonly page: EventTarget | null;
  /**
   * The page has begun to leave (beforeunload). Firefox closes its sockets then, before pagehide, and the
   * page may yet stay (a download, a leave called off): a drop meanwhile is not told and waits as a failed
   * start does, which pagehide calls off. Over once the connection opens again.
   */
  private leaving = false;
  /** Closed by pagehide with the session still on: pageshow opens it again. */
  private hidden = false;

  constructor(private readonly options: HubOptions) {
    this.page = options.page !== undefined ? options.page : typeof window === 'undefined' ? null : window;
  }

  get isRunning(): boolean {
    return this.token !== null;
  }

  start(token: string): void {
    if (this.token === token && (this.socket || this.pending)) return;
    this.stop();
    this.token = token;
    this.connectedBefore = false;
    this.page?.addEventListener('beforeunload', this.beginLeaving);
    this.page?.addEventListener('pagehide', this.hide);
    this.page?.addEventListener('pageshow', this.show);
    this.open();
  }

  /** Deliberate close (logout): no restart follows. */
  stop(): void {
    this.token = null;
    this.page?.removeEventListener('beforeunload', this.beginLeaving);
    this.page?.removeEventListener('pagehide', this.hide);
    this.page?.removeEventListener('pageshow', this.show);
    this.hidden = false;
    this.close();
  }

  private readonly beginLeaving = (): void => {
    this.leaving = true;
  };

  private readonly hide = (): void => {
    this.hidden = true;
    this.close();
  };

  private readonly show = (): void => {
    this.leaving = false;
    if (!this.hidden) return;
    this.hidden = false;
    this.open();
  };

  /** Closes the socket, or gives up the one being made and any restart waiting; the session stays. */
  private close(): void {
    this.attempt++;
    this.pending = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
  }

  private open(): void {
    const token = this.token;
    if (!token) return;
    this.leaving = false;
    const attempt = ++this.attempt;
    let socket: Socket | Promise<Socket>;
    try {
      socket = (this.options.connect ?? connectToHub)(token);
    } catch (error) {
      socket = Promise.reject(error);
    }
    if (!(socket instanceof Promise)) return this.attach(token, socket);
    this.pending = socket;
    socket.then(
      (opened) => {
        if (attempt !== this.attempt) return void opened.disconnect();
        this.pending = null;
        this.attach(token, opened);
      },
      (error: unknown) => {
        if (attempt !== this.attempt) return;
        this.pending = null;
        this.warn('Live updates could not start; retrying in 5 s', error);
        this.scheduleRestart();
      },
    );
  }

  private attach(token: string, socket: Socket): void {
    this.socket = socket;
    for (const event of LIVE_EVENTS) {
      const handler = this.options.handlers[event];
      if (handler) socket.on(event, handler as (payload: unknown) => void);
    }
    socket.on('connect', () => {
      if (this.connectedBefore) this.options.onReconnected?.();
      this.connectedBefore = true;
    });
    socket.on('connect_error', (error: Error) => {
      if (error?.message === HUB_UNAUTHORIZED) {
        this.options.log?.('Live updates refused the token; the session has ended', error);
        this.stop();
        this.options.onUnauthorized?.(token);
        return;
      }
      this.warn('Live updates could not connect; retrying in 5 s', error);
      this.scheduleRestart();
    });
    socket.on('disconnect', (reason: string) => {
      if (reason === 'io client disconnect') return;
      if (this.leaving) return this.scheduleRestart();
      this.warn(`Live updates dropped (${reason}); reconnecting`);
      this.scheduleRestart(0);
    });
  }

  /** What went wrong, unless it is the page being left. */
  private warn(message: string, error?: unknown): void {
    if (!this.leaving) this.options.log?.(message, error);
  }

  private scheduleRestart(delay = this.options.retryMs ?? HUB_RETRY_MS): void {
    if (!this.token || this.retryTimer) return;
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }
}
