import { useEffect } from 'react';
import { HUB_PATH } from '../../../shared/constants';
import { DISPLAY_EVENTS, DISPLAY_HANDSHAKE_KEY } from '../../../shared/events';
import { HubClient } from '../../lib/hub';

/**
 * A burst of events (three ballots at once) is one read of the room, this long after the last: as the signed-in
 * room view's (follow-changes.ts, which this page does not load: it comes with the signed-in app's live updates).
 */
const READ_DELAY_MS = 150;

/**
 * A display-link screen's own connection to the hub: no session, the link's token in the handshake, and the
 * evening's small events (DISPLAY_EVENTS) only. Each burst of them reads the room again, as does the
 * connection coming back; a refused token (the link was revoked or replaced) reads it too, which then says
 * the link is gone. `readRoom` should keep its identity (useCallback): a new one connects again.
 */
export function useDisplayHub(displayToken: string, readRoom: () => void): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(readRoom, READ_DELAY_MS);
    };
    const hub = new HubClient({
      handlers: Object.fromEntries(DISPLAY_EVENTS.map((event) => [event, readSoon])),
      connect: async (token) => {
        const { io } = await import('socket.io-client');
        return io({ path: HUB_PATH, auth: { [DISPLAY_HANDSHAKE_KEY]: token }, transports: ['websocket', 'polling'], reconnection: false });
      },
      onReconnected: readRoom,
      onUnauthorized: readRoom,
      log: (message, error) => console.warn(message, error ?? ''),
    });
    hub.start(displayToken);
    return () => {
      clearTimeout(timer);
      hub.stop();
    };
  }, [displayToken, readRoom]);
}
