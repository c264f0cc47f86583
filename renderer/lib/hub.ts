import type { Socket } from 'socket.io-client';
import { HUB_PATH, HUB_RETRY_MS } from '../../shared/constants';
import { DELTA_EVENTS, DELTA_EVENTS_HANDSHAKE, type DeltaEventPayloads } from '../../shared/events';

type Handlers = { [E in keyof DeltaEventPayloads]?: (payload: DeltaEventPayloads[E]) => void };

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

  constructor(private readonly options: HubOptions) {}

  get isRunning(): boolean {
    return this.token !== null;
  }

  start(token: string): void {
    if (this.token === token && (this.socket || this.pending)) return;
    this.stop();
    this.token = token;
    this.connectedBefore = false;
    this.open();
  }

  /** Deliberate close (logout): no restart follows. */
  stop(): void {
    this.token = null;
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
        this.options.log?.('Live updates could not start; retrying in 5 s', error);
        this.scheduleRestart();
      },
    );
  }

  private attach(token: string, socket: Socket): void {
    this.socket = socket;
    for (const event of Object.values(DELTA_EVENTS)) {
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
      this.options.log?.('Live updates could not connect; retrying in 5 s', error);
      this.scheduleRestart();
    });
    socket.on('disconnect', (reason: string) => {
      if (reason === 'io client disconnect') return;
      this.options.log?.(`Live updates dropped (${reason}); reconnecting`);
      this.scheduleRestart(0);
    });
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
