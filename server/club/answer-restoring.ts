import type http from 'node:http';
import type { Language } from '../../shared/constants';
import { requestLanguage, translate } from '../http/i18n';

/**
 * While a restore swaps the club's files, every request is told to come back in a moment, in the language
 * it asked for; the browser's page polls until the club answers again.
 */
export function answerRestoring(request: http.IncomingMessage, response: http.ServerResponse, defaultLanguage: Language): void {
  const language = requestLanguage(request.headers['accept-language'], defaultLanguage);
  const body = JSON.stringify({ status: 503, title: translate(language, 'errors:title.503'), detail: translate(language, 'clubRestoring') });
  response.writeHead(503, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': '2',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
  // A request body (an upload) is not read; the connection goes with the answer.
  request.resume();
}
