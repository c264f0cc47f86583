import type http from 'node:http';

export interface InTurnOptions {
  /** Requests worked on at once. */
  limit: number;
  /** A body up to this many bytes is read whole before its request waits for a turn; see BUFFERED_BODY_BYTES. */
  bufferedBodyBytes?: number;
  /** Requests that may wait for a turn at once; see MAX_WAITING. */
  maxWaiting?: number;
  /** How long a request counts at most; see TURN_MS. */
  turnMs?: number;
  /** Answers a request refused because too many wait (a 503: client-errors.ts, answerServerBusy). */
  refuse: http.RequestListener;
}

/**
 * A request counts for five seconds at most: one whose answer takes longer to make (a backup streamed as it
 * is made) is slow for reasons of its own, and must not keep others waiting behind it.
 */
const TURN_MS = 5_000;

/**
 * Every JSON body the club's clients send in a storm (a ballot, a post) is far below this: such a body is
 * read whole, then its request waits for its turn, so a body trickling in holds none. A longer body (an
 * image, a backup to restore) goes to the app at once, without a turn, and is read as the app streams it:
 * holding it here would cost its size in memory, and a turn taken for it would be held by the sender's pace.
 */
const BUFFERED_BODY_BYTES = 16 * 1024;

/**
 * Requests read whole and waiting for a turn: their connections, parsers and bodies (16 KiB at most each)
 * are in memory. The listen backlog's size (club-http-server.ts): as many as the system would hold for us.
 */
const MAX_WAITING = 4096;

interface Waiting {
  request: http.IncomingMessage;
  response: http.ServerResponse;
}

/**
 * At most `limit` requests are worked on at once; a request takes its turn once it has arrived whole
 * (headers, and a body up to `bufferedBodyBytes`) and gives it back when its answer is sent: handed whole to
 * the connection, which a client that reads slowly then empties at its own pace (or after `turnMs`). Requests wait in the order they arrived. A connection that sends nothing, or a body that
 * trickles in, holds no turn: until its request is whole it costs only its socket (the per-address cap,
 * the header deadline and the minimum body rate bound those: connection-guard.ts).
 *
 * Why: Node reads everything that is ready before it runs anything else (libuv's poll phase goes on while
 * events keep coming), so 3,000 ballots sent at once were all read, parsed and authenticated before the
 * first was written and answered: each voter waited for the last one to be read, and the 3,000 requests
 * were alive in the app together, which made the server's peak memory (bench, the ballot storm). Waiting
 * here, a request is its parsed headers and a small body; it is handled, and answered, from the first.
 *
 * Returns `handle` wrapped; requests the server's other listeners take (the live hub's) never come here.
 */
export function requestsInTurn(
  handle: http.RequestListener,
  { limit, bufferedBodyBytes = BUFFERED_BODY_BYTES, maxWaiting = MAX_WAITING, turnMs = TURN_MS, refuse }: InTurnOptions,
): http.RequestListener {
  let working = 0;
  const waiting: Waiting[] = [];

  const next = () => {
    while (working < limit && waiting.length > 0) {
      const { request, response } = waiting.shift()!;
      // Its client hung up while it waited: nothing to answer.
      if (request.socket.destroyed) continue;
      start(request, response);
    }
  };
  const start = (request: http.IncomingMessage, response: http.ServerResponse) => {
    working++;
    let counted = true;
    const giveBack = () => {
      if (!counted) return;
      counted = false;
      clearTimeout(timer);
      working--;
      next();
    };
    const timer = setTimeout(giveBack, turnMs);
    // Once the whole answer is handed to the connection ('prefinish': end() called, every byte queued), the
    // request has had its turn, however slowly its client reads; or once the connection is gone.
    response.once('prefinish', giveBack);
    response.once('close', giveBack);
    handle(request, response);
  };
  const arrived = (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.socket.destroyed) return;
    if (working < limit && waiting.length === 0) return start(request, response);
    if (waiting.length >= maxWaiting) return void refuse(request, response);
    waiting.push({ request, response });
  };

  return (request, response) => {
    const body = bodyOf(request);
    if (body === 'none') return arrived(request, response);
    if (body !== 'unknown' && body > bufferedBodyBytes) return void handle(request, response);
    readWhole(request, bufferedBodyBytes, (whole) => (whole ? arrived(request, response) : handle(request, response)));
  };
}

/** Whether a request has a body: none, its length, or 'unknown' (chunked: read until it ends or proves long). */
function bodyOf(request: http.IncomingMessage): 'none' | 'unknown' | number {
  if (request.headers['transfer-encoding'] !== undefined) return 'unknown';
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 ? length : 'none';
}

/**
 * Reads `request`'s body as it arrives, and once it is whole (or longer than `max`) puts what was read back
 * in front of the stream (unshift), so the app reads the body as if nobody had; then calls `done`, whole
 * or not. Not at all when the client hangs up first.
 */
function readWhole(request: http.IncomingMessage, max: number, done: (whole: boolean) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (whole: boolean) => {
    request.off('readable', onReadable);
    request.off('close', onClose);
    // Before the stream can emit 'end' (it checks again for this: "one last unshift").
    if (size > 0) request.unshift(Buffer.concat(chunks, size));
    // After the stream's own tick that sets it back to non-flowing (a 'readable' listener removed).
    process.nextTick(done, whole);
  };
  const onReadable = () => {
    let chunk: Buffer | null;
    while ((chunk = request.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (request.complete) finish(true);
    else if (size > max) finish(false);
  };
  const onClose = () => {
    request.off('readable', onReadable);
    chunks.length = 0;
  };
  request.on('readable', onReadable);
  request.once('close', onClose);
}
