import { STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Language } from '../../shared/constants';
import { translate } from './i18n';

/** Node's own refusals, before Koa sees a request: each gets its status and a sentence. */
function refusalOf(error: NodeJS.ErrnoException): { status: number; key: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'headersTooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'requestTimeout' };
  return { status: 400, key: 'malformedRequest' };
}

/**
 * A request Node's HTTP parser refuses (a request line or headers over 16 KB, a malformed request line)
 * never reaches Koa; Node would answer a bare status. Here it gets problem details like every other
 * refusal, in the club's default language (its headers could not be read), and the connection closes.
 */
export function answerClientErrors(server: Server, defaultLanguage: Language): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client already dropped, or one in the middle of an answer.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const { status, key } = refusalOf(error);
    const title = translate(defaultLanguage, `errors:title.${status}`);
    const body = JSON.stringify({ status, title, detail: translate(defaultLanguage, key) });
    // The status line stays ASCII (HTTP's reason phrase); the translated title is in the body.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

/**
 * The answer to a request refused before Koa sees it because too many wait for their turn
 * (requests-in-turn.ts): problem details in the club's default language, and a second to wait.
 */
export function answerServerBusy(defaultLanguage: Language): RequestListener {
  return (_request, response) => {
    const body = JSON.stringify({ status: 503, title: translate(defaultLanguage, 'errors:title.503'), detail: translate(defaultLanguage, 'serverBusy') });
    response.writeHead(503, {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Content-Type-Options': 'nosniff',
      'Retry-After': '1',
      Connection: 'close',
    });
    response.end(body);
  };
}
