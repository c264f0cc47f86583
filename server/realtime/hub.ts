import type http from 'node:http';
import { Server } from 'socket.io';
import type { DataSource } from 'typeorm';
import { HUB_PATH, type HubEventPayloads } from '../../shared/events';
import { UserEntity } from '../features/accounts/user.entity';
import { verifyToken } from '../http/token';

export interface Hub {
  /** Sends an event to every signed-in client. */
  broadcast<E extends keyof HubEventPayloads>(event: E, payload: HubEventPayloads[E]): void;
  /** Disconnects every client and closes the HTTP server the hub is attached to. */
  close(): Promise<void>;
}

const SIGNED_IN = 'signed-in';

/** The socket hub at /hubs/events: only a handshake whose `auth.token` names an existing account connects. */
export function attachHub(httpServer: http.Server, options: { db: DataSource; secret: Uint8Array }): Hub {
  const io = new Server(httpServer, { path: HUB_PATH, serveClient: false, pingInterval: 15_000, pingTimeout: 30_000 });
  const users = options.db.getRepository(UserEntity);

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const userId = await verifyToken(typeof token === 'string' ? token : undefined, options.secret);
    const user = userId ? await users.findOneBy({ id: userId }) : null;
    if (!user) return next(new Error('unauthorized'));
    socket.data.userId = user.id;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(SIGNED_IN);
  });

  return {
    broadcast(event, payload) {
      io.to(SIGNED_IN).emit(event, payload);
    },
    close: () => io.close(),
  };
}
