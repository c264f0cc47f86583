import { io as connect, type Socket } from 'socket.io-client';
import { HUB_PATH } from '../../../shared/constants';
import { DELTA_EVENTS_HANDSHAKE } from '../../../shared/events';
import { within } from './foreign-clients';

/** One event a client received: its name, its payload, and the payload's size as JSON. */
export interface Received {
  event: string;
  payload: unknown;
  bytes: number;
}

/**
 * A socket.io client as an outsider connects (socket.io-client's defaults: long-polling first, then an
 * upgrade), asking for the small events or for nothing, recording every event it receives.
 */
export class LiveClient {
  readonly received: Received[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload, bytes: Buffer.byteLength(JSON.stringify(payload)) }));
  }

  static async connect(url: string, token: string, { deltas }: { deltas: boolean }): Promise<LiveClient> {
    const socket = connect(url, { path: HUB_PATH, auth: deltas ? { token, ...DELTA_EVENTS_HANDSHAKE } : { token }, reconnection: false, forceNew: true });
    const client = new LiveClient(socket);
    await within(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      }),
      5_000,
      'connect',
    );
    return client;
  }

  /** The first event named `event` whose payload `matches`, received already or within 5 s. */
  async next<T>(event: string, matches: (payload: T) => boolean = () => true): Promise<{ payload: T; bytes: number }> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = this.received.find((r) => r.event === event && matches(r.payload as T));
      if (found) return { payload: found.payload as T, bytes: found.bytes };
      if (Date.now() > deadline) throw new Error(`no matching ${event} within 5 s (received: ${this.received.map((r) => r.event).join(', ') || 'nothing'})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The names of the events received so far. */
  events(): string[] {
    return this.received.map((r) => r.event);
  }

  close(): void {
    this.socket.close();
  }
}
