import { HUB_EVENTS, type HubEventPayloads } from '../../shared/events';
import { HubClient, type HubOptions } from './hub';

export type LiveEvent = keyof HubEventPayloads;
export type LiveListener<E extends LiveEvent> = (payload: HubEventPayloads[E]) => void;

/**
 * What the server pushes, handed to whoever listens: each feature subscribes to the events it cares
 * about (and updates its own cached data), so the connection knows no feature. The session starts and
 * stops the connection and hears when the hub refuses its token.
 */
export interface LiveUpdates {
  /** After sign-in or session restore. */
  start(token: string): void;
  /** Logout: no restart follows. */
  stop(): void;
  /** Subscribes to one event; the answer unsubscribes. */
  on<E extends LiveEvent>(event: E, listener: LiveListener<E>): () => void;
  /** Hands a push to its listeners, as the connection does (tests push by hand). */
  emit<E extends LiveEvent>(event: E, payload: HubEventPayloads[E]): void;
  /** The hub refused the token (revoked or expired): the session has ended. */
  onRefused(handler: (token: string) => void): void;
}

export function createLiveUpdates(options: Omit<HubOptions, 'handlers' | 'onUnauthorized'> = {}): LiveUpdates {
  const listeners = new Map<LiveEvent, Set<(payload: never) => void>>();
  let refused: (token: string) => void = () => {};

  function emit<E extends LiveEvent>(event: E, payload: HubEventPayloads[E]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      // One listener failing must not keep the push from the others.
      try {
        (listener as LiveListener<E>)(payload);
      } catch (error) {
        options.log?.(`A ${event} listener failed`, error);
      }
    }
  }

  const handlers = Object.fromEntries(Object.values(HUB_EVENTS).map((event) => [event, (payload: never) => emit(event, payload)]));
  const hub = new HubClient({ ...options, handlers, onUnauthorized: (token) => refused(token) });

  return {
    start: (token) => hub.start(token),
    stop: () => hub.stop(),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    emit,
    onRefused(handler) {
      refused = handler;
    },
  };
}

/** The app's live-update connection. */
export const liveUpdates = createLiveUpdates({ log: (message, error) => console.warn(message, error ?? '') });
