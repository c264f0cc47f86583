import { useEffect } from 'react';
import { HUB_PATH } from '../../../shared/constants';
import { DISPLAY_EVENTS, DISPLAY_HANDSHAKE_KEY } from '../../../shared/events';
import { HubClient } from '../../lib/hub';
import { debounced, ROOM_READ_DELAY_MS } from './follow-changes';

/**
 * A display-link screen's own connection to the hub: no session, the link's token in the handshake, and the
 * evening's small events (DISPLAY_EVENTS) only. Each burst of them reads the room again, as does the
 * connection coming back; a refused token (the link was revoked or replaced) reads it too, which then says
 * the link is gone.
 */
export function useDisplayHub(displayToken: string, readRoom: () => void): void {
  useEffect(() => {
    const read = debounced(readRoom, ROOM_READ_DELAY_MS);
    const handlers = Object.fromEntries(DISPLAY_EVENTS.map((event) => [event, read]));
    const hub = new HubClient({
      handlers,
      connect: async (token) => {
        const { io } = await import('socket.io-client');
        return io({ path: HUB_PATH, auth: { [DISPLAY_HANDSHAKE_KEY]: token }, transports: ['websocket', 'polling'], reconnection: false });
      },
      onReconnected: readRoom,
      onUnauthorized: readRoom,
      log: (message, error) => console.warn(message, error ?? ''),
    });
    hub.start(displayToken);
    return () => hub.stop();
  }, [displayToken, readRoom]);
}
