/**
 * ASP.NET Core SignalR's JSON hub protocol, as far as the club speaks it (Microsoft's HubProtocol.md):
 * every message is a JSON object followed by the record separator 0x1e; the client opens with a handshake
 * request, the server answers `{}` or `{ error }`. The club only ever invokes `DiscussionChanged` on its
 * clients; Obskurnee's hub has no methods for clients to call, so a client's invocation is answered with an
 * error. Pure functions: the connection (signalr-connection.ts) decides what to do with what is read here.
 */

export const RECORD_SEPARATOR = '\x1e';

/** Message types of the hub protocol. */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/**
 * Versions of the JSON protocol a handshake may ask for. Version 2 (clients since .NET 8) adds the
 * stateful-reconnect messages, which a client only sends when negotiate offered stateful reconnect; the
 * club does not, so both versions read the same here.
 */
const JSON_PROTOCOL_VERSIONS = new Set([1, 2]);
/** Names and ids quoted back in an error are cut to this length: the client chose them. */
const QUOTED_MAX = 64;

const record = (message: object) => JSON.stringify(message) + RECORD_SEPARATOR;

export const HANDSHAKE_OK = record({});
export const PING = record({ type: MessageType.Ping });

export const handshakeError = (error: string) => record({ error });

/** A call of one of the client's handlers, e.g. `DiscussionChanged` with the discussion as its one argument. */
export const invocation = (target: string, args: unknown[]) => record({ type: MessageType.Invocation, target, arguments: args });

/**
 * The server closes the connection. `allowReconnect` tells a client built with withAutomaticReconnect()
 * whether to come back (a restart, a restore) or stay away (its session ended); without it, it stays away.
 */
export const closeMessage = (error?: string, allowReconnect?: boolean) =>
  record({ type: MessageType.Close, ...(error ? { error } : {}), ...(allowReconnect ? { allowReconnect: true } : {}) });

export const completionError = (invocationId: string, error: string) => record({ type: MessageType.Completion, invocationId, error });

const quoted = (value: string) => (value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX)}…` : value);

/**
 * Splits what arrives into records. A transport may deliver a record in pieces, or several at once; the
 * unfinished tail waits for the rest, up to `maxChars` (a client that never sends a separator fills no memory).
 */
export class RecordReader {
  private tail = '';

  constructor(private readonly maxChars: number) {}

  /** The complete records in `text` (after what was left over), or 'too-large' when the tail grows past the limit. */
  read(text: string): string[] | 'too-large' {
    const parts = (this.tail + text).split(RECORD_SEPARATOR);
    this.tail = parts.pop() ?? '';
    if (this.tail.length > this.maxChars) return 'too-large';
    return parts;
  }
}

export type Handshake = { ok: true } | { ok: false; error: string };

/** Reads the client's first record: `{"protocol":"json","version":1}` is the only one the club accepts. */
export function readHandshake(text: string): Handshake {
  const message = parseObject(text);
  if (!message || typeof message.protocol !== 'string' || typeof message.version !== 'number') {
    return { ok: false, error: 'The handshake request is not valid: expected {"protocol":"json","version":1}.' };
  }
  if (message.protocol !== 'json') {
    return { ok: false, error: `Requested protocol '${quoted(message.protocol)}' is not available: this server speaks 'json' only.` };
  }
  if (!JSON_PROTOCOL_VERSIONS.has(message.version)) {
    return { ok: false, error: `The server does not support version ${message.version} of the 'json' protocol.` };
  }
  return { ok: true };
}

/** What a record from the client asks of the server. */
export type ClientMessage =
  | { kind: 'ping' }
  | { kind: 'close' }
  /** An invocation that waits for an answer: it gets a completion with an error. */
  | { kind: 'call'; invocationId: string; target: string }
  /** Nothing to answer: a non-blocking invocation, a cancel, a stream item, an ack, an unknown type. */
  | { kind: 'nothing' }
  | { kind: 'invalid'; reason: string };

export function readMessage(text: string): ClientMessage {
  const message = parseObject(text);
  if (!message) return { kind: 'invalid', reason: 'a message was not a JSON object' };
  const { type } = message;
  if (typeof type !== 'number') return { kind: 'invalid', reason: 'a message had no type' };
  switch (type) {
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target } = message;
      if (typeof target !== 'string') return { kind: 'invalid', reason: 'an invocation had no target' };
      if (invocationId === undefined || invocationId === null) return { kind: 'nothing' };
      if (typeof invocationId !== 'string') return { kind: 'invalid', reason: 'an invocation id was not a string' };
      return { kind: 'call', invocationId, target };
    }
    default:
      // Later protocol versions may add types; ASP.NET's server ignores those it does not know, and so do we.
      return { kind: 'nothing' };
  }
}

/** The error a client's call gets: the club's hub, like Obskurnee's, has no methods for clients. */
export const noSuchMethod = (target: string) => `Failed to invoke '${quoted(target)}': the hub has no such method.`;

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
