import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { Server } from 'socket.io';
import {
  DELTA_EVENTS_HANDSHAKE,
  DISPLAY_EVENTS,
  DISPLAY_HANDSHAKE_KEY,
  HUB_PATH,
  type DeltaEventPayloads,
  type HubEventPayloads,
  type ObskurneeEventPayloads,
  type ReadingEventPayloads,
} from '../../shared/events';
import { requestAddress } from '../http/client-address';
import { HANDSHAKE_LIMITS, PendingHandshakes, type EngineConnection, type HandshakeLimits } from './pending-handshakes';
import { sharePollingPayloads } from './shared-polling-payloads';
import type { SignalRLimits } from './signalr-connection';
import { createSignalRHub } from './signalr-hub';

export interface Hub {
  /**
   * Attaches the hub to the HTTP server, after the app's own request listener: socket.io then owns its
   * path (`/hubs/events/`) and hands every other request to the app; ASP.NET Core SignalR (for
   * Obskurnee's client) takes the requests on that path that are not socket.io's (signalr-hub.ts).
   */
  attach(httpServer: http.Server): void;
  /** Today's event with a whole document, to the socket.io clients that asked for nothing at their handshake. */
  broadcast<E extends WholeEvent>(event: E, payload: HubEventPayloads[E]): void;
  /**
   * One change, told to every signed-in client in the form it asked for (shared/events.ts): the small
   * event to those that asked for it, today's whole document to the other socket.io clients, and what
   * Obskurnee's hub sent for it (if anything) to SignalR's; each built only when one of its clients is
   * connected (a 200-post discussion is some 400 KB to serialise for each post). Each form is encoded once
   * for all its recipients. Resolves once all went out.
   */
  publish<D extends DeltaEvent>(change: LiveChange<D>): Promise<void>;
  /**
   * An event only these accounts may read (a part's comments: shared/events.ts, READING_EVENTS), to every
   * socket.io client of theirs in the one form, whatever it asked for at its handshake. SignalR's clients and
   * display screens get none.
   */
  tell<R extends ReadingEvent>(userIds: Iterable<string>, event: R, payload: ReadingEventPayloads[R]): void;
  /** The same to every signed-in socket.io client except those of `except` (everyone, for an empty list). */
  tellOthers<R extends ReadingEvent>(except: Iterable<string>, event: R, payload: ReadingEventPayloads[R]): void;
  /** Closes every live connection of one account (its sessions ended: password reset, disabled). */
  disconnectUser(userId: string): void;
  /** Closes every display-link screen's connection (the link was revoked or replaced). */
  disconnectDisplays(): void;
  /** How many accounts have a live connection now (socket.io or SignalR). */
  onlineCount(): number;
  /** Closes every live connection (the club is being replaced by a restore); clients connect again afterwards. */
  disconnectAll(): void;
  /** Disconnects every client and closes the HTTP server the hub is attached to. */
  close(): Promise<void>;
}

/** A small event, and the whole-document event the same change is to clients that asked for nothing. */
export type DeltaEvent = keyof DeltaEventPayloads;
export type WholeEvent = keyof HubEventPayloads;
export type ObskurneeEvent = keyof ObskurneeEventPayloads;
export type ReadingEvent = keyof ReadingEventPayloads;

export interface LiveChange<D extends DeltaEvent> {
  event: D;
  payload: DeltaEventPayloads[D];
  /** Accounts that get another payload of the same event (counts a member who has voted may see). */
  variant?: { userIds: Iterable<string>; payload: DeltaEventPayloads[D] };
  /** The same change as today's event (none for a ballot: votes had no event); built only when sent. */
  whole?: WholeChange;
  /**
   * What Obskurnee's hub sent for the same change, to SignalR's clients; none for most changes (a post, a
   * vote), since its client takes any event as news of the club's current discussion.
   */
  obskurnee?: ObskurneeChange;
}
export type WholeChange = { [W in WholeEvent]: { event: W; build(): Promise<HubEventPayloads[W]> } }[WholeEvent];
export type ObskurneeChange = { [O in ObskurneeEvent]: { event: O; build(): Promise<ObskurneeEventPayloads[O]> } }[ObskurneeEvent];

const SIGNED_IN = 'signed-in';
/** Clients that asked for the small events at their handshake, and those that did not. */
const DELTAS = 'delta-events';
const WHOLE = 'whole-events';
/** Screens showing the room view through the display link: no account, the evening's small events only. */
const DISPLAYS = 'displays';
const FOR_DISPLAYS = new Set(DISPLAY_EVENTS);
const CLOSE_GRACE_MS = 1000;
const userRoom = (userId: string) => `user:${userId}`;

export interface HubOptions {
  /** The account a session token names while that session is valid, else null. */
  sessionUser(token: string | undefined): Promise<{ id: string } | null>;
  /** Whether a handshake's `auth.display` is the club's live display link (shared/events.ts, DISPLAY_HANDSHAKE_KEY). */
  isDisplayToken?(token: unknown): boolean;
  /**
   * Whether there is a club to connect to; false while a restore swaps it (server/club/club-slot.ts). A handshake
   * meanwhile is refused as unavailable, which clients retry, not as unauthorized, which signs them out.
   */
  isOpen?: () => boolean;
  log?: (error: unknown) => void;
  /** SignalR's timeouts and caps; tests shorten them. */
  signalR?: Partial<SignalRLimits>;
  /** Caps on socket.io handshakes that have not joined yet (pending-handshakes.ts); tests shorten them. */
  handshakes?: Partial<HandshakeLimits>;
  /** Proxies in front of the club (TRUST_PROXY): a handshake's address is then the one they were told. */
  trustProxy?: number;
}

/**
 * The socket hub at /hubs/events: only a handshake whose `auth.token` is a live session connects. Beside
 * it on the same path, SignalR for Obskurnee's client, under the same rules.
 */
export function createHub(options: HubOptions): Hub {
  const log = options.log ?? ((error: unknown) => console.error(error));
  const signalR = createSignalRHub({ sessionUser: options.sessionUser, isOpen: options.isOpen, log, limits: options.signalR });
  const handshakes = { ...HANDSHAKE_LIMITS, ...options.handshakes };
  const pending = new PendingHandshakes(handshakes, (request) => requestAddress(request, options.trustProxy ?? 0));
  const io = new Server({
    path: HUB_PATH,
    serveClient: false,
    pingInterval: 15_000,
    pingTimeout: 30_000,
    // A session that has not joined by then is closed at once, by PendingHandshakes; this only backs it up.
    connectTimeout: 2 * handshakes.connectMs,
    allowRequest: pending.allowRequest,
  });

  io.use(async (socket, next) => {
    if (options.isOpen && !options.isOpen()) return next(new Error('unavailable'));
    try {
      const display: unknown = socket.handshake.auth?.[DISPLAY_HANDSHAKE_KEY];
      if (display !== undefined) {
        if (!options.isDisplayToken?.(display)) return next(new Error('unauthorized'));
        socket.data.display = true;
        return next();
      }
      const token: unknown = socket.handshake.auth?.token;
      const user = await options.sessionUser(typeof token === 'string' ? token : undefined);
      if (!user) return next(new Error('unauthorized'));
      socket.data.userId = user.id;
      socket.data.deltas = socket.handshake.auth?.events === DELTA_EVENTS_HANDSHAKE.events;
      next();
    } catch (error) {
      // A failing lookup (the database closing under it) refuses this handshake; the process carries on.
      log(error);
      next(new Error('unavailable'));
    }
  });
  // Live connections per account, for the host page's "members online".
  const connections = new Map<string, number>();
  io.on('connection', (socket) => {
    pending.settled(socket.conn);
    (socket.conn as { request: unknown }).request = null;
    if (socket.data.display) {
      void socket.join(DISPLAYS);
      return;
    }
    const userId = socket.data.userId as string;
    connections.set(userId, (connections.get(userId) ?? 0) + 1);
    socket.once('disconnect', () => {
      const left = (connections.get(userId) ?? 1) - 1;
      if (left > 0) connections.set(userId, left);
      else connections.delete(userId);
    });
    void socket.join([SIGNED_IN, userRoom(userId), socket.data.deltas ? DELTAS : WHOLE]);
  });
  // (Above: socket.handshake holds what the hub needs of the first HTTP request; engine.io would keep the
  // request itself, and the closed polling connection it came on, for the session's life.)

  // Upgraded connections leave the HTTP server's books: closing it would wait for each peer to hang up.
  const upgraded = new Set<Duplex>();
  let attachedTo: http.Server | undefined;

  // socket.io encodes each emit once and writes the same WebSocket frame to every websocket in its rooms
  // (wsPreEncodedFrame); long-polling answers share their bytes too (shared-polling-payloads.ts).
  function broadcastWhole<E extends WholeEvent>(event: E, payload: HubEventPayloads[E]): void {
    io.to(WHOLE).emit(event, payload);
  }
  const wantsWhole = () => (io.sockets.adapter.rooms.get(WHOLE)?.size ?? 0) > 0;

  return {
    attach(httpServer) {
      attachedTo = httpServer;
      io.attach(httpServer);
      io.engine.on('connection', (conn: EngineConnection & { transport: unknown }) => {
        sharePollingPayloads(conn.transport);
        pending.opened(conn);
      });
      httpServer.on('upgrade', (_request, socket: Duplex) => {
        upgraded.add(socket);
        socket.once('close', () => upgraded.delete(socket));
      });
      // Last: it wraps the listeners above and takes SignalR's requests before them.
      signalR.attach(httpServer);
    },
    broadcast: broadcastWhole,
    async publish({ event, payload, variant, whole, obskurnee }) {
      // Display screens get the evening's events as a member who has not voted does.
      const everyone = FOR_DISPLAYS.has(event) ? [DELTAS, DISPLAYS] : DELTAS;
      if (variant) {
        const rooms = [...variant.userIds].map(userRoom);
        if (rooms.length > 0) io.to(rooms).except(WHOLE).emit(event, variant.payload);
        io.to(everyone).except(rooms).emit(event, payload);
      } else {
        io.to(everyone).emit(event, payload);
      }
      // The event and its document's type go together (WholeChange); the compiler cannot follow a union through a call.
      if (whole && wantsWhole()) broadcastWhole(whole.event, (await whole.build()) as never);
      if (obskurnee && signalR.sends()) signalR.broadcast(obskurnee.event, await obskurnee.build());
    },
    tell(userIds, event, payload) {
      const rooms = [...userIds].map(userRoom);
      if (rooms.length > 0) io.to(rooms).emit(event, payload);
    },
    tellOthers(except, event, payload) {
      io.to(SIGNED_IN)
        .except([...except].map(userRoom))
        .emit(event, payload);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
      signalR.disconnectUser(userId);
    },
    disconnectDisplays() {
      io.in(DISPLAYS).disconnectSockets(true);
    },
    onlineCount() {
      return new Set([...connections.keys(), ...signalR.onlineUserIds()]).size;
    },
    disconnectAll() {
      io.disconnectSockets(true);
      signalR.disconnectAll();
    },
    async close() {
      // SignalR's clients first: they are told to reconnect later, and long-polling ones collect that.
      await signalR.close();
      // Disconnects every client, stops listening, and resolves once every connection has ended.
      const closing = io.close();
      // Peers get a moment to answer the close frame and finish what they asked; then every connection still
      // open is hung up on: a silent websocket peer, a request in progress, and a browser's preconnected
      // socket that has sent nothing yet (Node's close does not count that one as idle, and would wait for
      // the browser to drop it, which a tab left open may never do).
      const hangUp = setTimeout(() => {
        attachedTo?.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }, CLOSE_GRACE_MS);
      await closing;
      clearTimeout(hangUp);
    },
  };
}
