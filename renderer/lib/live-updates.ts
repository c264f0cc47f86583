import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { HubClient, LIVE_EVENTS, type HubOptions, type LivePayloads } from './hub';

export type LiveEvent = keyof LivePayloads;
export type LiveListener<E extends LiveEvent> = (payload: LivePayloads[E]) => void;

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
  emit<E extends LiveEvent>(event: E, payload: LivePayloads[E]): void;
  /**
   * Subscribes to the connection coming back after it dropped: what was pushed meanwhile is lost, so each
   * feature reads again what it shows. The answer unsubscribes.
   */
  onReconnected(listener: () => void): () => void;
  /** Tells those listeners, as the connection does (tests by hand). */
  reconnected(): void;
  /** The hub refused the token (revoked or expired): the session has ended. */
  onRefused(handler: (token: string) => void): void;
}

export function createLiveUpdates(options: Omit<HubOptions, 'handlers' | 'onUnauthorized' | 'onReconnected'> = {}): LiveUpdates {
  const listeners = new Map<LiveEvent | 'reconnected', Set<(payload: never) => void>>();
  let refused: (token: string) => void = () => {};

  function subscribe(event: LiveEvent | 'reconnected', listener: (payload: never) => void): () => void {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  function tell(event: LiveEvent | 'reconnected', payload?: unknown): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      // One listener failing must not keep the push from the others.
      try {
        (listener as (payload: unknown) => void)(payload);
      } catch (error) {
        options.log?.(`A ${event} listener failed`, error);
      }
    }
  }

  const handlers = Object.fromEntries(LIVE_EVENTS.map((event) => [event, (payload: never) => tell(event, payload)]));
  const hub = new HubClient({ ...options, handlers, onUnauthorized: (token) => refused(token), onReconnected: () => tell('reconnected') });

  return {
    start: (token) => hub.start(token),
    stop: () => hub.stop(),
    on: (event, listener) => subscribe(event, listener as (payload: never) => void),
    emit: (event, payload) => tell(event, payload),
    onReconnected: (listener) => subscribe('reconnected', listener),
    reconnected: () => tell('reconnected'),
    onRefused(handler) {
      refused = handler;
    },
  };
}

/** The app's live-update connection. */
export const liveUpdates = createLiveUpdates({ log: (message, error) => console.warn(message, error ?? '') });

/**
 * A versioned event (shared/events.ts) applied to one cached answer: `versionIn` finds the version of the
 * changed thing in the answer (undefined when it is not there), `apply` makes the next answer from it.
 *
 * Applied when it is the next version; ignored when the copy has it already (read after the change); the
 * answer is read again when a change was missed (a larger step) or the thing is not in it. While the answer
 * is being read, the event waits for it: that read may have started before the change or after it. Nothing
 * is cached for a query no one asked for.
 */
export function applyVersioned<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  event: { version: number },
  versionIn: (data: T) => number | undefined,
  apply: (data: T) => T,
): void {
  const find = () => queryClient.getQueryCache().find<T>({ queryKey, exact: true });
  const applyToCopy = () => {
    const query = find();
    const data = query?.state.data;
    if (!query || data === undefined) return;
    const version = versionIn(data);
    if (version !== undefined && event.version <= version) return;
    // Read again as well when another read began meanwhile: it may have begun before the change.
    if (query.state.fetchStatus === 'fetching' || version !== event.version - 1) void queryClient.invalidateQueries({ queryKey, exact: true });
    else queryClient.setQueryData<T>(queryKey, apply(data));
  };
  const query = find();
  const reading = query?.state.fetchStatus === 'fetching' ? query.promise : undefined;
  // A read that fails or is called off leaves the thing to the read that follows it.
  if (reading) reading.then(applyToCopy, () => {});
  else applyToCopy();
}
