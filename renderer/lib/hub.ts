import { io, type Socket } from 'socket.io-client';
import { HUB_PATH, HUB_RETRY_MS } from '../../shared/constants';
import { HUB_EVENTS, type HubEventPayloads } from '../../shared/events';

type Handlers = { [E in keyof HubEventPayloads]?: (payload: HubEventPayloads[E]) => void };

export interface HubOptions {
  handlers: Handlers;
  /** Replaced in tests by a fake socket. */
  connect?: (token: string) => Socket;
  retryMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** The hub refused the token (revoked or expired): the session has ended, so no retry follows. */
  onUnauthorized?: (token: string) => void;
}

/** The hub's answer to a handshake whose token is not (or no longer) a live session. */
export const HUB_UNAUTHORIZED = 'unauthorized';

/**
 * The live-update connection. It starts after sign-in or session restore and stops on logout; when it
 * drops for any other reason it restarts, and a failed start is retried every 5 s (SPEC section 4). A
 * refused token is not retried: the connection stops and reports it, and the session ends.
 */
export class HubClient {
  private socket: Socket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private token: string | null = null;

  constructor(private readonly options: HubOptions) {}

  get isRunning(): boolean {
    return this.token !== null;
  }

  start(token: string): void {
    if (this.token === token && this.socket) return;
    this.stop();
    this.token = token;
    this.open();
  }

  /** Deliberate close (logout): no restart follows. */
  stop(): void {
    this.token = null;
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
    const connect =
      this.options.connect ??
      ((t: string) => io({ path: HUB_PATH, auth: { token: t }, transports: ['websocket', 'polling'], reconnection: false }));
    const socket = connect(token);
    this.socket = socket;
    for (const event of Object.values(HUB_EVENTS)) {
      const handler = this.options.handlers[event];
      if (handler) socket.on(event, handler as (payload: unknown) => void);
    }
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
